// Heat maps in the browser (issue 15): on the vacancy map a shop opens by keyboard (Tab, Enter) and by the
// search box (code, Enter); its status change saves, the map reloads, the 'Vacancy' box and the dashboard's
// 'Vacancy al …' card follow; the All-In map shows a shop's two years (its All-In as PostgreSQL computes it);
// Mantenimiento reassigns a local's contract and the sales map shows it. Expected figures from the seeded
// database with plain SQL. One server, one page moving by the menu.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  acknowledge,
  dialogText,
  launchBrowser,
  openPage,
  screenshot,
  seriousViolations,
  signIn,
  step,
} from "../helpers/browser.ts";
import { close, eventually, parseFigure } from "../helpers/reports.ts";
import { limaDate } from "../../services/clock.ts";
import { addDays } from "../../services/days.ts";
import { referenceDb } from "../helpers/rollback_db.ts";
import { startServer } from "../helpers/server.ts";

const MALL = 3;

async function menu(page: Page, section: string, entry: string) {
  const nav = page.getByRole("navigation", { name: "Menú principal" });
  const button = nav.getByRole("button", { name: section, exact: true });
  if ((await button.getAttribute("aria-expanded")) === "false") await button.click();
  await nav.getByRole("link", { name: entry, exact: true }).click();
}

const boxValue = async (page: Page, id: string) =>
  parseFigure((await page.getByTestId(id).locator(".maps-box-value").innerText()).replace(/\s*m2$/, ""));

Deno.test({
  name:
    "browser: the vacancy map opens a shop by keyboard and by search, changes its status; the figures follow",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const reference = await referenceDb();
    const locals = await reference.query<{ id: number; code: string; area: number; vacancy_state: number }>(
      `select l.id, l.code, l.area::float8 as area, l.vacancy_state
         from locals l join levels v on v.id = l.level_id
        where l.mall_id = $1 order by v.floor = 1 desc, l.code`,
      [MALL],
    );
    const [mall] = await reference.query<{ name: string }>("select name from malls where id = $1", [MALL]);
    const [target] = await reference.query<{ code: string; nombre_comercial: string }>(
      `select l.code, t.nombre_comercial
         from locals l join levels v on v.id = l.level_id
         join contract_locals cl on cl.local_id = l.id join contracts c on c.id = cl.contract_id
         join tenants t on t.id = c.tenant_id
        where l.mall_id = $1 and l.vacancy_state = 1 and v.floor = 1
        order by l.code desc limit 1`,
      [MALL],
    );
    const yesterday = addDays(limaDate(new Date()), -1);
    const monthStart = `${yesterday.slice(0, 7)}-01`;
    const [seller] = await reference.query<{ code: string; contract: string; mes: number; anterior: number }>(
      `select l.code, c.code as contract,
              (select coalesce(sum(amount), 0) from sales_closings
                where contract_id = c.id and sale_date between $2 and $3)::float8 as mes,
              (select coalesce(sum(amount), 0) from sales_closings
                where contract_id = c.id and sale_date >= ($2::date - interval '1 month') and sale_date < $2)::float8
                as anterior
         from locals l
         join lateral (select c.* from contract_locals cl join contracts c on c.id = cl.contract_id
                        where cl.local_id = l.id order by c.start_date desc, c.id desc limit 1) c on true
        where l.mall_id = $1 and c.currency = 'PEN'
        order by mes desc, l.code limit 1`,
      [MALL, monthStart, yesterday],
    );
    // All In (issue 15, docs/metrics.md): the previous month's year to date, the rents of the latest upload.
    const month = yesterday.slice(0, 7) === limaDate(new Date()).slice(0, 7)
      ? addDays(monthStart, -1).slice(0, 7)
      : yesterday.slice(0, 7);
    const year = Number(month.slice(0, 4));
    const [priced] = await reference.query<{ code: string; contract: string; allin: number }>(
      `with p as (select make_date($2, 1, 1) as desde,
                         (date_trunc('month', $3::date) + interval '1 month - 1 day')::date as hasta),
            s as (select l.code, c.code as contract, c.id, c.area,
                         (select sum(amount) from sales_closings, p
                           where contract_id = c.id and sale_date between p.desde and p.hasta) as ventas
                    from locals l join levels v on v.id = l.level_id
                    join lateral (select c.* from contract_locals cl join contracts c on c.id = cl.contract_id
                                   where cl.local_id = l.id order by c.start_date desc, c.id desc limit 1) c on true
                   where l.mall_id = $1 and v.floor = 1 and c.currency = 'PEN')
       select s.code, s.contract,
              ((a.renta_m2 + a.fondo_m2 + a.gasto_comun_m2) * s.area * (p.hasta - p.desde + 1)
                / (make_date($2 + 1, 1, 1) - make_date($2, 1, 1)) / s.ventas * 100)::float8 as allin
         from s, p, lateral (select * from all_in_indicators where contract_id = s.id and year <= $2
                              order by year desc limit 1) a
        where s.ventas > 0 and s.code <> $4
        order by s.code limit 1`,
      [MALL, year, `${month}-01`, seller.code],
    );
    const [moved] = await reference.query<{ id: number; code: string; contract: string; next: string }>(
      `select l.id, l.code, c.code as contract,
              (select min(code) from contracts where mall_id = $1 and code <> c.code) as next
         from locals l join contract_locals cl on cl.local_id = l.id join contracts c on c.id = cl.contract_id
        where l.mall_id = $1 and l.code not in ($2, $3, $4)
        order by l.code limit 1`,
      [MALL, target.code, seller.code, priced.code],
    );
    await reference.close();
    const area = locals.reduce((s, l) => s + l.area, 0);
    const vacancy = (ls: typeof locals) =>
      ls.reduce((s, l) => s + (l.vacancy_state === 4 ? l.area : 0), 0) / area * 100;
    const before = vacancy(locals);
    const after = vacancy(locals.map((l) => (l.code === target.code ? { ...l, vacancy_state: 4 } : l)));

    const server = await startServer();
    const browser = await launchBrowser();
    const { page, errors, close: closePage } = await openPage(browser, server.url);
    try {
      await signIn(page, "admin@demo.pe");
      await step(t, "the map of the mall with its boxes", async () => {
        await menu(page, "Mapa de calor", "Vacancy");
        await page.locator("g.floor-map-shop").first().waitFor();
        assert.ok(close(await boxValue(page, "area-arrendable"), area, 0.006));
        assert.ok(close(await boxValue(page, "vacancy"), before, 0.006));
        assert.equal(await page.locator(".maps-filters .p-dropdown-label").innerText(), mall.name);
        assert.deepEqual(await seriousViolations(page), []);
      });

      await step(t, "Tab reaches a shop and Enter opens it", async () => {
        await page.getByRole("button", { name: "Restablecer zoom" }).focus();
        await page.keyboard.press("Tab");
        const focused = await page.evaluate(() => document.activeElement?.getAttribute("data-local"));
        assert.ok(focused, "a shop has the focus");
        await page.keyboard.press("Enter");
        const dialog = page.getByRole("dialog");
        await dialog.getByText(`Local ${focused}`).waitFor();
        await dialog.locator(".dialog-footer").getByRole("button", { name: "Cerrar" }).click();
        await dialog.waitFor({ state: "hidden" });
      });

      await step(t, "the search opens a shop by code; 'Cambiar' to Vacancy moves the box", async () => {
        await page.getByLabel("Buscar objeto de alquiler").fill(target.code.toLowerCase());
        await page.getByLabel("Buscar objeto de alquiler").press("Enter");
        const dialog = page.getByRole("dialog");
        await dialog.getByText(`Local ${target.code}`).waitFor();
        assert.equal(await dialog.getByTestId("locatario").innerText(), target.nombre_comercial);
        assert.deepEqual(await seriousViolations(page), []);
        await dialog.getByLabel("4 Vacancy").check();
        await dialog.getByRole("button", { name: "Cambiar" }).click();
        await dialog.waitFor({ state: "hidden" });
        await eventually(page, async () => {
          const v = await boxValue(page, "vacancy");
          return close(v, after, 0.006) ? [] : [`Vacancy ${v}, expected ${after}`];
        }, 30_000);
        const shop = page.locator(`g.floor-map-shop[data-local="${target.code}"]`);
        assert.match(await shop.getAttribute("aria-label") ?? "", /Vacancy$/);
        await screenshot(page, "90-mapa-vacancy");
      });

      await step(t, "the table view lists every shop with its status", async () => {
        await page.getByRole("button", { name: "Tabla" }).click();
        const row = page.locator("tbody tr", { hasText: target.code });
        await row.waitFor();
        assert.match(await row.innerText(), /Vacancy/);
        assert.deepEqual(await seriousViolations(page), []);
      });

      await step(
        t,
        "'Gestión de Categorías': 'Todos' first, a category added with the slider's defaults",
        async () => {
          await menu(page, "Mapa de calor", "Gestión de Categorías");
          // The screen before stays until this one has its data: wait for this table's own header and row.
          const table = page.getByRole("table", { name: "Gestión de Categorías" });
          await table.getByRole("columnheader", { name: "Verde desde (%)" }).waitFor();
          await table.locator("tbody tr", { hasText: "Todos" }).waitFor();
          const first = table.locator("tbody tr").first();
          assert.match(await first.innerText(), /^Todos\s+0\s+30\s+31\s+60\s+61\s+100/);
          assert.equal(
            await first.getByRole("button", { name: /Eliminar/ }).count(),
            0,
            "'Todos' cannot be deleted",
          );
          await page.getByRole("button", { name: "Agregar" }).click();
          const dialog = page.getByRole("dialog", { name: "Agregar categoría" });
          await dialog.getByRole("button", { name: "Guardar" }).click();
          await dialog.getByText("Ingresar el nombre de la categoría").waitFor();
          assert.deepEqual(await seriousViolations(page), []);
          await screenshot(page, "91-gestion-categorias");
          await dialog.getByLabel("Nombre").fill("Mascotas");
          await dialog.getByRole("button", { name: "Guardar" }).click();
          assert.match(await dialogText(page, "Información"), /Creación Exitosa\./);
          await acknowledge(page);
          assert.match(
            await table.locator("tbody tr", { hasText: "Mascotas" }).innerText(),
            /Mascotas\s+0\s+30\s+31\s+60/,
          );
        },
      );

      await step(t, "'Indicador de Ventas': a shop found by search shows its sales figures", async () => {
        assert.ok(seller.mes > 0, "a shop sold this month");
        await menu(page, "Mapa de calor", "Indicador de Ventas");
        // The screen before stays until the new one has its data: wait for this screen's own legend.
        await page.getByText("Sin ventas en el mes:").waitFor();
        await page.getByLabel("Buscar objeto de alquiler").fill(seller.code);
        await page.getByLabel("Buscar objeto de alquiler").press("Enter");
        const dialog = page.getByRole("dialog");
        await dialog.getByText(`Local ${seller.code}`).waitFor();
        assert.equal(await dialog.getByText(seller.contract).count(), 1);
        const figure = async (k: string) =>
          parseFigure(await dialog.locator(`[data-figure=${k}]`).innerText());
        assert.ok(close(await figure("ventaMesAnterior"), seller.anterior, 0.006));
        assert.ok(
          close(await figure("promedioVentaMesActual"), seller.mes / Number(yesterday.slice(8, 10)), 0.006),
        );
        assert.deepEqual(await seriousViolations(page), []);
        await dialog.locator(".dialog-footer").getByRole("button", { name: "Cerrar" }).click();
        await screenshot(page, "92-mapa-indicador-ventas");
      });

      await step(t, "'Reporte de Cierre': the same shop shows its days without a closing", async () => {
        await menu(page, "Mapa de calor", "Reporte de Cierre");
        await page.getByText("Faltan más de 3 días:").waitFor();
        await page.getByLabel("Buscar objeto de alquiler").fill(seller.code);
        await page.getByLabel("Buscar objeto de alquiler").press("Enter");
        const dialog = page.getByRole("dialog");
        await dialog.getByText(`Local ${seller.code}`).waitFor();
        assert.match(await dialog.getByTestId("dias-sin-cierre").innerText(), /^\d+ días?$|^Sin contrato/);
        assert.deepEqual(await seriousViolations(page), []);
        await dialog.locator(".dialog-footer").getByRole("button", { name: "Cerrar" }).click();
      });

      await step(
        t,
        "'All In': a shop found by search and by keyboard shows both years; its All-In as PostgreSQL",
        async () => {
          await menu(page, "Mapa de calor", "All In");
          await page.getByText("Otra categoría:").waitFor();
          await page.getByLabel("Buscar objeto de alquiler").fill(priced.code);
          await page.getByLabel("Buscar objeto de alquiler").press("Enter");
          const dialog = page.getByRole("dialog");
          await dialog.getByText(`Local ${priced.code}`).waitFor();
          assert.equal(await dialog.getByTestId("contrato").innerText(), priced.contract);
          const table = dialog.getByTestId("all-in-figures");
          assert.deepEqual(await table.locator("thead th").allInnerTexts(), [
            "Indicador",
            `${year}`,
            `${year - 1}`,
          ]);
          const cell = table.locator(`td[data-year="${year}"][data-row="All-In"]`);
          assert.ok(close(parseFigure(await cell.innerText()), priced.allin, 0.006));
          assert.deepEqual(await seriousViolations(page), []);
          await dialog.locator(".dialog-footer").getByRole("button", { name: "Cerrar" }).click();
          await dialog.waitFor({ state: "hidden" });
          // By keyboard: Tab from the zoom buttons reaches a shop, Enter opens its two years.
          await page.getByRole("button", { name: "Restablecer zoom" }).focus();
          await page.keyboard.press("Tab");
          const focused = await page.evaluate(() => document.activeElement?.getAttribute("data-local"));
          assert.ok(focused, "a shop has the focus");
          await page.keyboard.press("Enter");
          await page.getByRole("dialog").getByText(`Local ${focused}`).waitFor();
          await page.keyboard.press("Escape");
          await page.getByRole("dialog").waitFor({ state: "hidden" });
          await screenshot(page, "93-mapa-all-in");
        },
      );

      await step(
        t,
        "'Mantenimiento': a shop found by id, its contract reassigned (history kept), seen on another map",
        async () => {
          await menu(page, "Mapa de calor", "Mantenimiento");
          await page.getByText("Sin contrato:").waitFor();
          await page.getByLabel("Buscar objeto de alquiler").fill(String(moved.id));
          await page.getByLabel("Buscar objeto de alquiler").press("Enter");
          const dialog = page.getByRole("dialog", { name: `Local ${moved.code}` });
          await dialog.waitFor();
          const contrato = dialog.getByLabel("Contrato");
          assert.equal(await contrato.inputValue(), moved.contract);
          const history = dialog.getByTestId("local-history").locator("tbody tr");
          assert.match(await history.first().innerText(), new RegExp(`^${moved.contract}\\b.*Vigente$`, "s"));
          await contrato.fill("");
          await dialog.getByRole("button", { name: "Guardar" }).click();
          await dialog.getByText("Ingrese contrato").waitFor();
          assert.deepEqual(await seriousViolations(page), []);
          await contrato.fill(moved.next.toLowerCase());
          assert.equal(await contrato.inputValue(), moved.next, "uppercased");
          await page.getByRole("option", { name: moved.next, exact: true }).click();
          assert.equal(await contrato.inputValue(), moved.next);
          await dialog.getByRole("button", { name: "Guardar" }).click();
          assert.match(await dialogText(page, "Información"), /Los cambios fueron guardados con exito\./);
          await acknowledge(page);
          const shop = page.locator(`g.floor-map-shop[data-local="${moved.code}"]`);
          await eventually(page, async () => {
            const label = await shop.getAttribute("aria-label") ?? "";
            return label.endsWith(moved.next) ? [] : [`shop ${label}`];
          }, 30_000);
          // Opened again: the new contract holds it, the one before is history.
          await page.getByLabel("Buscar objeto de alquiler").press("Enter");
          await dialog.waitFor();
          assert.equal(await contrato.inputValue(), moved.next);
          await eventually(page, async () => {
            const rows = await history.allInnerTexts();
            return rows[0]?.startsWith(moved.next) && rows[0].endsWith("Vigente") &&
                rows[1]?.startsWith(moved.contract) && !rows[1].endsWith("Vigente")
              ? []
              : [`history ${rows.join(" | ")}`];
          }, 30_000);
          await screenshot(page, "94-mapa-mantenimiento");
          await dialog.locator(".dialog-footer").getByRole("button", { name: "Cerrar" }).click();
          await dialog.waitFor({ state: "hidden" });

          await menu(page, "Mapa de calor", "Indicador de Ventas");
          await page.getByText("Sin ventas en el mes:").waitFor();
          await page.getByLabel("Buscar objeto de alquiler").fill(moved.code);
          await page.getByLabel("Buscar objeto de alquiler").press("Enter");
          const sales = page.getByRole("dialog");
          await sales.getByText(`Local ${moved.code}`).waitFor();
          assert.equal(await sales.getByText(moved.next, { exact: true }).count(), 1);
          await sales.locator(".dialog-footer").getByRole("button", { name: "Cerrar" }).click();
        },
      );

      await step(t, "the dashboard's 'Vacancy al …' card follows", async () => {
        await menu(page, "Centro administrativo", "Dashboard");
        await eventually(page, async () => {
          const card = page.getByLabel(`Vacancy ${mall.name}`).locator(".kpi-value");
          if (!await card.count()) return ["no card yet"];
          const v = parseFigure(await card.innerText());
          return close(v, after, 0.051) ? [] : [`card ${v}, expected ${after}`];
        }, 60_000);
      });
      assert.deepEqual(errors, []);
    } finally {
      await closePage();
      await browser.close();
      await server.stop();
    }
  },
});
