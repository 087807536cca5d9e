// Staff management in the browser (issue 14): staff correct a tenant's closing from 'Locatarios' and Ventas
// por Día follows in the same page; 'Gestionar' adds a person who gets the activation mail in 'Buzón de
// correo', activates the account and signs in; the All-In upload refuses a bad row and hostile files (too
// large, formulas, many sheets) and still loads the next good one. One server, one staff page moving by the
// menu; the new person uses a second page. What the server stored is read in SQL at the end.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { Buffer } from "node:buffer";
import * as XLSX from "xlsx";
import { ALL_IN_HEADER } from "#contract/staff_admin.ts";
import { allInSampleBytes, SAMPLE_CONTRACTS } from "../../fixtures/all_in_sample.ts";
import {
  acknowledge,
  dialogText,
  launchBrowser,
  linkFromMailbox,
  openPage,
  pathOf,
  screenshot,
  signIn,
  step,
} from "../helpers/browser.ts";
import { eventually, parseFigure, pickDay, pickOption } from "../helpers/reports.ts";
import { startServer } from "../helpers/server.ts";
import { contractOf } from "../helpers/tenant.ts";
import { freshDb } from "../helpers/db.ts";

const NEW_EMAIL = "rosa.garantias@correo.pe";
const NEW_PASSWORD = "Rosa-Clave-2026";

async function menu(page: Page, section: string, entry: string) {
  const nav = page.getByRole("navigation", { name: "Menú principal" });
  const button = nav.getByRole("button", { name: section, exact: true });
  if ((await button.getAttribute("aria-expanded")) === "false") await button.click();
  await nav.getByRole("link", { name: entry, exact: true }).click();
}

const money = (text: string) => Number(text.replace(/[^0-9.]/g, ""));
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/** The spec's catalogue (2-staff-analytics-maps.md, section 8). */
const UPLOAD_FAILED = "Error: No se pudo cargar el archivo";
const dmy = (iso: string) => iso.split("-").reverse().join("/");

/** An .xlsx of the given sheets (each an array of rows). */
function book(...sheets: unknown[][][]): Buffer {
  const wb = XLSX.utils.book_new();
  sheets.forEach((rows, i) =>
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), `Hoja${i + 1}`)
  );
  return Buffer.from(XLSX.write(wb, { type: "array", bookType: "xlsx" }));
}

/** A good All-In file for the sample's contracts: round k gives every indicator its own value. */
const goodValues = (k: number) =>
  SAMPLE_CONTRACTS.map((_, i) => ALL_IN_HEADER.slice(1).map((_, j) => k * 100 + i + j / 4));
const goodRows = (
  k: number,
) => [[...ALL_IN_HEADER], ...SAMPLE_CONTRACTS.map((c, i) => [c, ...goodValues(k)[i]])];

/**
 * Ventas por Día of one mall and day, opened by the menu (the page's report engine kept from before), and the
 * contract's 'Venta' of that day in the drill-down of its category once it equals `want`.
 */
async function dayFigure(
  page: Page,
  at: { mall: string; mallId: number; category: string; day: string; code: string },
  want: number,
) {
  await menu(page, "Reporting", "Ventas por Día");
  await page.waitForURL((u) => u.pathname === "/Reportes/ReporteDiaIndex");
  await pickOption(page, "mall", at.mall);
  await page.waitForURL((u) => u.searchParams.get("mall") === String(at.mallId));
  if (!page.url().includes(`fecha=${at.day}`)) await pickDay(page, "fecha", at.day);
  await page.getByRole("button", { name: `Contratos de ${at.category}` }).click();
  const dialog = page.getByRole("dialog", { name: `Contratos · ${at.category}` });
  const row = dialog.locator("tbody tr", { hasText: at.code });
  const shown = { venta: null as number | null };
  await eventually(page, async () => {
    const v = shown.venta = parseFigure(await row.locator("td").nth(3).innerText({ timeout: 2_000 }));
    return v !== null && Math.abs(v - want) < 0.006 ? [] : [`${at.code} shows ${v}, SQL ${want}`];
  });
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  return shown.venta;
}

Deno.test({
  name:
    "browser: staff correct a closing and Ventas por Día follows; a new tenant person signs in; All-In refusals",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const reference = await freshDb("pglite");
    const a = await contractOf(reference, "tenant@demo.pe");
    // The closing corrected: the contract's last day with sales in the month shown by 'Cierre' (its first
    // supply point), and where Ventas por Día shows that contract.
    const [target] = await reference.query<
      { day: string; point: string; mall: string; mall_id: number; category: string; currency: string }
    >(
      `select s.sale_date::text as day, p.code as point, m.name as mall, m.id as mall_id, g.name as category,
              c.currency
         from sales_closings s join supply_points p on p.id = s.supply_point_id
         join contracts c on c.id = s.contract_id join malls m on m.id = c.mall_id
         join categories g on g.id = c.category_id
        where s.contract_id = $1 order by s.sale_date desc, p.code limit 1`,
      [a.id],
    );
    assert.equal(target.currency, "PEN", "Ventas por Día shows soles contracts");
    const daySum = async () =>
      (await reference.query<{ v: number }>(
        "select sum(amount)::float8 as v from sales_closings where contract_id = $1 and sale_date = $2",
        [a.id, target.day],
      ))[0].v;
    const at = { ...target, mallId: target.mall_id, code: a.code };
    const server = await startServer();
    const browser = await launchBrowser();
    const staff = await openPage(browser, server.url);
    const { page } = staff;
    const allInPosts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname.endsWith("/all-in")) allInPosts.push(r.url());
    });
    try {
      await signIn(page, "admin@demo.pe");

      await step(
        t,
        "the bell's contract notification opens 'Locatarios' on the contract and its mall",
        async () => {
          await page.getByRole("button", { name: /^Notificaciones/ }).click();
          const item = page.locator(".notification-item", { hasText: a.code }).first();
          await item.click();
          await page.waitForURL((u) =>
            u.pathname === "/Locatario/Index" && u.searchParams.get("contrato") === a.code
          );
          assert.equal(new URL(page.url()).searchParams.get("mall"), "3");
          await page.locator("tbody tr", { hasText: a.code }).waitFor();
          assert.equal(await page.locator("tbody tr").count(), 1);
        },
      );

      const before = await daySum();
      await step(t, "Ventas por Día shows the contract's day as stored", async () => {
        assert.equal(await dayFigure(page, at, before), before);
      });

      let after = 0;
      await step(t, "'Cierre': a corrected closing changes the total and keeps its history", async () => {
        await menu(page, "Locatarios", "Locatarios");
        await page.waitForURL((u) => u.pathname === "/Locatario/Index" && !u.searchParams.get("contrato"));
        await page.getByLabel("Buscar en Locatarios").fill(a.code);
        await page.getByRole("button", { name: `Cierre de ${a.code}` }).click();
        await page.getByRole("button", { name: "Volver a Lista de Locatarios" }).waitFor();
        const edit = page.getByRole("button", {
          name: `Editar el cierre del ${dmy(target.day)} de ${target.point}`,
        });
        const row = page.locator("tbody tr", { has: edit });
        await row.waitFor();
        const total = page.getByTestId("total-ventas");
        const sum = money(await total.innerText());
        const sale = money(await row.locator("td").nth(4).innerText());
        await edit.click();
        const dialog = page.getByRole("dialog", { name: "Actualizar Cierre de Venta" });
        await dialog.waitFor();
        await dialog.getByLabel("Ventas sin IGV (S/)").fill((sale + 100).toFixed(2));
        await dialog.getByRole("button", { name: "Guardar" }).click();
        const saved = page.getByRole("dialog", { name: "Guardado Exitoso" });
        await saved.waitFor();
        await saved.getByRole("button", { name: "Aceptar" }).click();
        // The same correction in the test's own copy of the data gives the figure every report must show.
        await reference.query(
          `update sales_closings s set amount = $3 from supply_points p
            where p.id = s.supply_point_id and p.code = $1 and s.sale_date = $2`,
          [target.point, target.day, (sale + 100).toFixed(2)],
        );
        after = await daySum();
        await page.waitForFunction(
          ([sel, want]) => {
            const el = document.querySelector(sel as string);
            return !!el &&
              Math.abs(Number(el.textContent!.replace(/[^0-9.]/g, "")) - (want as number)) < 0.001;
          },
          ['[data-testid="total-ventas"]', Math.round((sum + 100) * 100) / 100],
        );
        assert.equal(
          money(await row.locator("td").nth(4).innerText()),
          Math.round((sale + 100) * 100) / 100,
        );
        // The tenant's edit dialog shows the staff change in the closing's history.
        await edit.click();
        await dialog.locator(".history-list li").first().waitFor();
        await screenshot(page, "80-staff-closing-edit");
        await dialog.getByRole("button", { name: "Cancelar" }).click();
        await page.getByRole("button", { name: "Volver a Lista de Locatarios" }).click();
        await page.getByRole("button", { name: `Gestionar ${a.code}` }).waitFor();
        assert.doesNotMatch(page.url(), /cierre=/);
      });

      await step(
        t,
        "'Gestionar': a new person gets the activation mail, activates and signs in",
        async () => {
          await page.getByRole("button", { name: `Gestionar ${a.code}` }).click();
          const dialog = page.getByRole("dialog", { name: `Gestionar Locatario ${a.code}` });
          await dialog.locator("#operador-nombre").waitFor();
          // Its title and '(opcional)' read apart, on the screen and aloud.
          await dialog.getByRole("group", { name: "Financiero 1 (opcional)", exact: true }).waitFor({
            timeout: 5_000,
          });
          const operador = await dialog.locator("#operador-nombre").inputValue();
          await dialog.locator("#operador-nombre").fill("");
          await dialog.getByRole("button", { name: "Guardar" }).click();
          await dialog.getByText("El campo es obligatorio").first().waitFor();
          await dialog.locator("#operador-nombre").fill(operador);
          await dialog.locator("#financiero2-nombre").fill("Rosa Garantías Nueva");
          await dialog.locator("#financiero2-correo").fill(NEW_EMAIL);
          assert.equal(await dialog.locator('input[type="password"]').count(), 0, "no password field");
          await screenshot(page, "81-manage-tenant");
          await dialog.getByRole("button", { name: "Guardar" }).click();
          const saved = page.getByRole("dialog", { name: "Guardado Exitoso" });
          await saved.waitFor();
          await saved.getByRole("button", { name: "Aceptar" }).click();

          await menu(page, "Administración", "Buzón de correo");
          const href = await linkFromMailbox(page, NEW_EMAIL, "Activación de su cuenta");
          assert.match(href, /\/auth\/activateAccount\?a=[A-Za-z0-9]{15}$/);
          const person = await openPage(browser, server.url);
          try {
            await person.page.goto(pathOf(href));
            await person.page.getByLabel("Nueva contraseña").fill(NEW_PASSWORD);
            await person.page.getByLabel("Confirmar contraseña").fill(NEW_PASSWORD);
            await person.page.getByRole("button", { name: "Activar cuenta" }).click();
            await person.page.getByRole("button", { name: "De acuerdo" }).click();
            await signIn(person.page, NEW_EMAIL, NEW_PASSWORD);
            assert.match(await person.page.locator(".user-button").innerText(), /Rosa Garantías Nueva/);
            assert.deepEqual(person.errors, []);
          } finally {
            await person.close();
          }
        },
      );
      await step(t, "Ventas por Día, opened again in the same page, shows the corrected figure", async () => {
        assert.notEqual(after, before);
        assert.equal(await dayFigure(page, at, after), after);
      });

      const file = page.getByLabel("Archivo", { exact: true });
      const upload = async (name: string, buffer: Buffer) => {
        await file.setInputFiles({ name, mimeType: XLSX_TYPE, buffer });
        await page.getByRole("button", { name: "Cargar" }).click();
      };
      const loads = async (name: string, buffer: Buffer) => {
        await upload(name, buffer);
        const done = await dialogText(page, "Información");
        assert.match(
          done,
          new RegExp(`Carga Exitosa: El archivo ${name.replace(".", "\\.")} ha sido cargado con éxito\\.`),
        );
        await acknowledge(page);
      };
      const refused = async (name: string, buffer: Buffer, why: RegExp) => {
        await upload(name, buffer);
        // A file to correct, not a security matter: the warning dialog.
        const alert = await dialogText(page, "Advertencia");
        assert.ok(alert.includes(UPLOAD_FAILED), alert);
        assert.match(alert, why);
        await acknowledge(page);
      };
      await step(t, "All-In: the sample file loads; a file with one bad row is refused whole", async () => {
        await menu(page, "Administración", "Configuración global");
        await loads("all_in_sample.xlsx", Buffer.from(allInSampleBytes()));
        await refused(
          "mala.xlsx",
          book([
            [...ALL_IN_HEADER],
            [SAMPLE_CONTRACTS[0], 1, 1, 1, 1, 1, 1, 1, 1, 1],
            [SAMPLE_CONTRACTS[1], "x", 1, 1, 1, 1, 1, 1, 1, 1],
          ]),
          /Fila 3: ventasValor no es un número válido/,
        );
        await screenshot(page, "82-all-in-refused");
      });

      // Hostile files name a contract the good ones leave alone, with 999 everywhere: nothing of theirs may
      // reach the table.
      const hostile = [[...ALL_IN_HEADER], [a.code, ...ALL_IN_HEADER.slice(1).map(() => 999)]];
      await step(
        t,
        "All-In: a file over 20 MB is refused before it is sent; the next good one loads",
        async () => {
          const big = await Deno.makeTempFile({ prefix: "all_in_grande_", suffix: ".xlsx" });
          try {
            await Deno.truncate(big, 21 * 1024 * 1024);
            const posts = allInPosts.length;
            await file.setInputFiles(big);
            await page.getByRole("button", { name: "Cargar" }).click();
            const errors = page.locator(".p-inline-message-error");
            await errors.filter({ hasText: UPLOAD_FAILED }).waitFor();
            assert.match(await errors.allInnerTexts().then((x) => x.join(" ")), /20 MB/);
            assert.equal(allInPosts.length, posts, "the browser sends nothing");
          } finally {
            await Deno.remove(big);
          }
          await loads("buena_1.xlsx", book(goodRows(1)));
        },
      );
      await step(t, "All-In: a file with formulas is refused; the next good one loads", async () => {
        const rows = XLSX.utils.aoa_to_sheet(hostile);
        rows["B2"] = { t: "n", v: 999, f: "333*3" };
        const wb = XLSX.utils.book_new();
        XLSX.utils.book_append_sheet(wb, rows, "AllIn");
        await refused(
          "formulas.xlsx",
          Buffer.from(XLSX.write(wb, { type: "array", bookType: "xlsx" })),
          /fórmula/i,
        );
        await loads("buena_2.xlsx", book(goodRows(2)));
      });
      await step(t, "All-In: a workbook of many sheets is refused; the next good one loads", async () => {
        await refused("hojas.xlsx", book(...Array.from({ length: 40 }, () => hostile)), /hoja/i);
        await loads("buena_3.xlsx", book(goodRows(3)));
      });
      assert.deepEqual(staff.errors, []);
      await staff.close();
      await step(t, "what the server stored: the corrected closing, the good All-In files only", async () => {
        const stored = await server.storedDb();
        try {
          const [{ v }] = await stored.query<{ v: number }>(
            `select sum(amount)::float8 as v from sales_closings
              where contract_id = ${a.id} and sale_date = '${target.day}'`,
          );
          assert.equal(v, after);
          const uploads = "select id, file_name from all_in_uploads order by id";
          const seeded = await reference.query<{ id: number; file_name: string }>(uploads);
          const last = seeded.at(-1)?.id ?? 0;
          assert.deepEqual(
            (await stored.query<{ id: number; file_name: string }>(uploads)).map((u) => u.file_name),
            [
              ...seeded.map((u) => u.file_name),
              "all_in_sample.xlsx",
              "buena_1.xlsx",
              "buena_2.xlsx",
              "buena_3.xlsx",
            ],
          );
          const figures = (where: string) =>
            `select c.code, i.year, array[i.ventas_valor, i.ventas_m2, i.arriendo_ventas, i.allin, i.area,
                    i.renta_fija_m2, i.renta_m2, i.fondo_m2, i.gasto_comun_m2]::float8[]::text as v
               from all_in_indicators i join contracts c on c.id = i.contract_id ${where}
              order by c.code, i.year`;
          // The loaded year's sample contracts hold the last good file; every other figure is the seed's.
          const loaded = await stored.query<{ code: string; year: number; v: string }>(
            figures(`where i.upload_id > ${last}`),
          );
          assert.deepEqual(loaded.map((r) => r.code), SAMPLE_CONTRACTS);
          const year = loaded[0].year;
          assert.deepEqual(loaded.map((r) => r.v), goodValues(3).map((v) => `{${v.join(",")}}`));
          const others = `where not (i.year = ${year} and c.code = any(array['${
            SAMPLE_CONTRACTS.join("','")
          }']))`;
          assert.deepEqual([...await stored.query(figures(others))], [
            ...await reference.query(figures(others)),
          ]);
          assert.equal((await stored.query(figures("where i.ventas_valor = 999"))).length, 0);
        } finally {
          await stored.close();
        }
      });
    } finally {
      await staff.close();
      await browser.close();
      await server.stop();
      await reference.close();
    }
  },
});
