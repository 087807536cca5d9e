// Issue 13 in one browser session: an event logged in the Bitácora shows in its list and on the traffic
// chart; a traffic report's figures equal PostgreSQL's; Lista Roja's totals equal a count of the closings;
// a tenant registers yesterday's closing and leaves the Lista Roja's missing list. Screens are reached
// through the menu (one full page load per sign-in).
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { limaDate } from "../../services/clock.ts";
import type { Db } from "../../services/db.ts";
import {
  acknowledge,
  dialogText,
  launchBrowser,
  openPage,
  screenshot,
  seriousViolations,
  signIn,
  signOut,
} from "../helpers/browser.ts";
import { EVENT_WINDOW_DAYS } from "#contract/events.ts";
import { freshDb } from "../helpers/db.ts";
import {
  allTableCells,
  chartFigures,
  close,
  dim,
  eventually,
  monthOf,
  parseFigure,
  pickOption,
  shift,
  yearOf,
  ymd,
} from "../helpers/reports.ts";
import { startServer } from "../helpers/server.ts";

const TRAFFIC = "Afluencia Diaria Peatonal";
const EVENT = "Feria de prueba del navegador";

/** Clicks a side-menu entry, opening the folded sections first (in-app navigation, no page load). */
async function openFromMenu(page: Page, name: string, path: string) {
  const link = page.locator(".side-menu a.side-entry", { hasText: name }).first();
  const folded = page.locator('.side-section-header[aria-expanded="false"]');
  while (!(await link.isVisible()) && await folded.count()) await folded.first().click();
  await link.click();
  await page.waitForURL((u) => u.pathname === path);
}

/** Santa Anita's Perimetro visitors per day of a month (null without a row). */
async function visitors(db: Db, y: number, m: number) {
  const rows = await db.query<{ day: string; v: number }>(
    `select day::text as day, visitors as v from traffic_pedestrian
      where mall_id = 3 and zone = 'Perimetro' and day between $1 and $2`,
    [ymd(y, m, 1), ymd(y, m, dim(y, m))],
  );
  const by = new Map(rows.map((r) => [r.day, Number(r.v)]));
  return Array.from({ length: dim(y, m) }, (_, i) => by.get(ymd(y, m, i + 1)) ?? null);
}

/**
 * Bitácora's default window (the last six days to today) for Santa Anita (its default mall, which has a dollar
 * contract): per day with closings its soles contracts' sales, and the dollar contracts' sales apart (issue 35).
 */
async function bitacoraSales(db: Db, today: string) {
  const start = shift(today, -(EVENT_WINDOW_DAYS - 1));
  const days = await db.query<{ day: string; pen: number; usd: number }>(
    `select s.sale_date::text as day, coalesce(sum(s.amount) filter (where c.currency = 'PEN'), 0) as pen,
            coalesce(sum(s.amount) filter (where c.currency = 'USD'), 0) as usd
       from sales_closings s join contracts c on c.id = s.contract_id
      where c.mall_id = 3 and s.sale_date between $1 and $2 group by 1 order by 1`,
    [start, today],
  );
  const sum = (k: "pen" | "usd") => days.reduce((n, d) => n + Number(d[k]), 0);
  return { start, days, pen: sum("pen"), usd: sum("usd") };
}

/** Contracts in operation yesterday missing a closing of the month to yesterday (docs/metrics.md). */
async function missingCount(db: Db, yesterday: string) {
  const [r] = await db.query<{ n: number }>(
    `select count(*)::int as n from contracts c
      where coalesce(c.op_start, c.start_date) <= $1::date and (c.op_end is null or c.op_end >= $1::date)
        and exists (select 1 from supply_points p where p.contract_id = c.id and p.active)
        and (select count(distinct s.sale_date) from sales_closings s where s.contract_id = c.id
              and s.sale_date between greatest(date_trunc('month', $1::date)::date, coalesce(c.op_start, c.start_date)) and $1::date)
            < $1::date - greatest(date_trunc('month', $1::date)::date, coalesce(c.op_start, c.start_date)) + 1`,
    [yesterday],
  );
  return r.n;
}

Deno.test({
  name:
    "browser: an event marks the traffic chart, traffic figures equal the database, a closing leaves the Lista Roja",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const today = limaDate(new Date());
    const yesterday = shift(today, -1);
    const reference = await freshDb("pglite");
    const server = await startServer();
    const browser = await launchBrowser();
    const { page, errors, close: closePage } = await openPage(browser, server.url);
    const [contract] = await reference.query<{ code: string }>(
      `select c.code from contract_users cu join users u on u.id = cu.user_id join contracts c on c.id = cu.contract_id
        where u.email = 'tenant@demo.pe' and cu.is_default`,
    );
    const missingBefore = await missingCount(reference, yesterday);
    try {
      await signIn(page, "admin@demo.pe");

      await t.step("Bitácora: 'Agregar Evento' is used with the keys alone", async () => {
        await openFromMenu(page, "Bitácora de Eventos", "/bitacoraEventos");
        const add = page.getByRole("button", { name: "Agregar Evento" });
        await add.click();
        const dialog = page.getByRole("dialog", { name: /Agregar Evento/ });
        const date = dialog.getByLabel("Fecha");
        const focused = (what: string) =>
          page.waitForFunction((w) => document.activeElement?.matches(w), what, { timeout: 5_000 });
        const dmy = (iso: string) => `${iso.slice(8)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
        // The name takes the focus (the date, first, would open its calendar over the form).
        await focused("#evento-nombre");
        // Back to the date: its calendar opens with the focus on the chosen day; the arrows move, Enter picks.
        await page.keyboard.press("Shift+Tab");
        await focused(".p-datepicker td span");
        await page.keyboard.press("ArrowLeft");
        await page.keyboard.press("Enter");
        await focused("#evento-fecha");
        assert.equal(await date.inputValue(), dmy(yesterday));
        // Escape closes the calendar only: the dialog stays, with the name typed.
        await page.keyboard.press("Tab");
        await page.keyboard.type(EVENT);
        await page.keyboard.press("Shift+Tab");
        await focused(".p-datepicker td span");
        await page.keyboard.press("Escape");
        await focused("#evento-fecha");
        assert.equal(await dialog.getByLabel("Nombre de Evento").inputValue(), EVENT);
        await dialog.getByRole("button", { name: "Cancelar" }).click();
        await dialog.waitFor({ state: "hidden", timeout: 5_000 });
        await page.waitForFunction(
          () => document.activeElement?.textContent?.trim() === "Agregar Evento",
          null,
          {
            timeout: 5_000,
          },
        );
      });

      await t.step("Bitácora: the name is required; a saved event is listed and marked", async () => {
        // Closed whatever the step before left of it (a failure there is its own, not this step's).
        const left = page.getByRole("dialog", { name: /Agregar Evento/ });
        if (await left.isVisible()) await left.getByRole("button", { name: "Cancelar" }).click();
        await left.waitFor({ state: "hidden" });
        await page.getByRole("button", { name: "Agregar Evento" }).click();
        const dialog = page.getByRole("dialog", { name: /Agregar Evento/ });
        await dialog.getByRole("button", { name: "Guardar" }).click();
        await dialog.getByText("Ingrese Nombre de Evento").waitFor();
        await dialog.getByLabel("Nombre de Evento").fill(EVENT);
        await dialog.getByRole("button", { name: "Guardar" }).click();
        const saved = page.getByRole("dialog", { name: "Guardado Exitoso" });
        await saved.getByRole("button", { name: "Aceptar" }).click();
        await page.locator('section[aria-label="Eventos registrados"]').getByText(EVENT).waitFor();
        await page.getByTestId("event-list").getByText(EVENT).waitFor();
        await page.locator("figure.chart svg path").first().waitFor();
        // 'Venta acumulada' is the soles contracts'; the dollar contract's sales are said apart, in dollars; the
        // chart (soles) stops at the last day with closings (today has none: not a drop to S/ 0).
        const want = await bitacoraSales(reference, today);
        assert.ok(want.usd > 0, "Santa Anita's dollar contract sold in the window");
        const last = want.days[want.days.length - 1].day;
        await eventually(page, async () => {
          const diffs: string[] = [];
          const total = parseFigure(await page.getByTestId("bitacora-total").innerText());
          if (!close(total, want.pen, 0.006)) diffs.push(`Venta acumulada ${total} ≠ ${want.pen}`);
          const [detail] = await page.locator('section[aria-labelledby="bitacora-total"] .muted')
            .allInnerTexts();
          const m = /^contratos en dólares (\$ [\d,.]+) \(aparte\)$/.exec(detail ?? "");
          if (!m || !close(parseFigure(m[1]), want.usd, 0.006)) {
            diffs.push(`dollars: ${detail} ≠ ${want.usd}`);
          }
          const note = await page.getByTestId("bitacora-chart-currency").innerText();
          const n = /^En soles; no incluye los contratos en dólares \((\$ [\d,.]+) en el periodo\)\.$/.exec(
            note,
          );
          if (!n || !close(parseFigure(n[1]), want.usd, 0.006)) {
            diffs.push(`chart note: ${note} ≠ ${want.usd}`);
          }
          // The chart's days run to the last day with closings and on to today, the day of the event just
          // saved, which is marked there without a figure (not a drop to S/ 0).
          const chart = await chartFigures(page, "Venta diaria");
          const dm = (d: string) => `${d.slice(8)}/${d.slice(5, 7)}`;
          const pen = new Map(want.days.map((d) => [d.day, Number(d.pen)]));
          const days: string[] = [];
          for (let d = want.start; d <= (last > today ? last : today); d = shift(d, 1)) days.push(d);
          if ([...chart.keys()].join() !== days.map(dm).join()) {
            diffs.push(`chart days ${[...chart.keys()]} ≠ ${days.map(dm)}`);
          }
          for (const d of days) {
            const got = chart.get(dm(d))?.get("Venta S/") ?? null;
            const e = d > last ? null : pen.get(d) ?? 0;
            if (!close(got, e, 0.006)) diffs.push(`chart ${d}: ${got} ≠ ${e}`);
          }
          const marks = await page.locator('figure[aria-label="Venta diaria"] [data-testid=event-mark] title')
            .allTextContents();
          if (!marks.some((t) => t.includes(EVENT))) diffs.push(`event not marked: ${marks}`);
          return diffs;
        });
        assert.deepEqual(await seriousViolations(page), []);
        await screenshot(page, "90-bitacora-evento");
      });

      await t.step(
        "Afluencia Diaria Peatonal: the month of yesterday equals the database, with the event",
        async () => {
          await openFromMenu(page, TRAFFIC, "/Reportes/AfluenciaDiariaPeatonal");
          const [y, m] = [yearOf(yesterday), monthOf(yesterday)];
          // The comparison year opens on the stored global one when earlier than the report year (issue 14).
          const [stored] = await reference.query<{ y: number }>(
            "select (value #>> '{}')::int as y from settings where key = 'anioComparativo'",
          );
          const opened = stored.y < y ? stored.y : y - 1;
          assert.equal(
            (await page.locator(".p-dropdown:has(#anio-comparativo) .p-dropdown-label").innerText()).trim(),
            String(opened),
          );
          if (opened !== y - 1) {
            await pickOption(page, "anio-comparativo", String(y - 1));
            await page.waitForURL((u) => u.searchParams.get("anioComparativo") === String(y - 1));
            // Leave the dropdown (a focused PrimeReact dropdown trips axe's ARIA checks below).
            await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
            await page.locator(".p-dropdown.p-focus").waitFor({ state: "detached" });
          }
          const now = await visitors(reference, y, m), before = await visitors(reference, y - 1, m);
          await eventually(page, async () => {
            // The month's days on pages of 15 rows.
            const { rows, total } = await allTableCells(page, TRAFFIC);
            if (rows.length !== now.length) return [`${rows.length} rows`];
            const diffs: string[] = [];
            rows.forEach((cells, i) => {
              const [actual, cal] = [parseFigure(cells[1]), parseFigure(cells[2])];
              const want = ymd(y, m, i + 1) < today ? now[i] : null;
              if (actual !== want) diffs.push(`day ${i + 1}: ${actual} vs ${want}`);
              if (cal !== before[i]) diffs.push(`day ${i + 1} ${y - 1}: ${cal} vs ${before[i]}`);
            });
            const sum = now.filter((_, i) => ymd(y, m, i + 1) < today).reduce(
              (n: number, v) => n + (v ?? 0),
              0,
            );
            if (parseFigure(total[1]) !== sum) diffs.push(`total ${total[1]} vs ${sum}`);
            return diffs;
          });
          // The comparison year the report year itself (the picker offers it): each day counted once, both
          // columns equal to the database's (issue 35: every figure was doubled).
          await pickOption(page, "anio-comparativo", String(y));
          await page.waitForURL((u) => u.searchParams.get("anioComparativo") === String(y));
          await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
          await page.locator(".p-dropdown.p-focus").waitFor({ state: "detached" });
          await eventually(page, async () => {
            const { rows } = await allTableCells(page, TRAFFIC);
            const diffs: string[] = [];
            rows.forEach((cells, i) => {
              const want = ymd(y, m, i + 1) < today ? now[i] : null;
              if (parseFigure(cells[1]) !== want) diffs.push(`day ${i + 1}: ${cells[1]} vs ${want}`);
              if (parseFigure(cells[2]) !== now[i]) {
                diffs.push(`day ${i + 1} same year: ${cells[2]} vs ${now[i]}`);
              }
            });
            return diffs;
          });
          if (monthOf(today) === m) await page.getByTestId("event-list").getByText(EVENT).waitFor();
          await page.locator("figure.chart svg path").first().waitFor();
          assert.deepEqual(await seriousViolations(page), []);
          await screenshot(page, "91-afluencia-diaria");
        },
      );

      const listed = async (code: string) => {
        await page.locator("#lr-contrato").fill(code);
        await page.locator("#lr-contrato").press("Enter");
        await page.waitForURL((u) => u.searchParams.get("codigoContratoId") === code);
        const section = page.locator('section[aria-label="Lista Roja"]');
        const row = section.locator("tbody tr", { hasText: code });
        await row.or(section.getByText("No se encontraron registros")).first().waitFor();
        return await row.count() > 0;
      };
      /** Waits until the Totales card shows `n` missing contracts (a refetch may follow a cached answer). */
      const totalMissing = async (n: number) => {
        const card = page.getByTestId("lr-card-Totales").getByTestId("lr-missing");
        const t0 = Date.now();
        let shown = "";
        while (Date.now() - t0 < 30_000) {
          shown = await card.innerText().catch(() => "");
          if (shown !== "" && Number(shown.replaceAll(",", "")) === n) return;
          await page.waitForTimeout(200);
        }
        throw new Error(`Totales: ${shown} missing, expected ${n}`);
      };

      await t.step(
        "Lista Roja: the totals equal the database's count; tenant@'s contract is missing",
        async () => {
          await openFromMenu(page, "Lista Roja", "/Blacklist/Index");
          await totalMissing(missingBefore);
          assert.ok(await listed(contract.code), "tenant@'s contract misses yesterday's closing");
          assert.deepEqual(await seriousViolations(page), []);
          // A reminder to the tenant, after the confirmation; the row shows when it went.
          const row = page.locator('section[aria-label="Lista Roja"] tbody tr', { hasText: contract.code });
          await row.getByRole("button", { name: `Enviar recordatorio a ${contract.code}` }).click();
          await page.getByRole("dialog", { name: "Enviar recordatorio" }).getByRole("button", {
            name: "Enviar",
          })
            .click();
          assert.match(await dialogText(page, "Información"), /Se enviaron 1 recordatorio\(s\)\./);
          await acknowledge(page);
          await row.locator("td").nth(5).filter({ hasText: /\d{2}\/\d{2}\/\d{4}/ }).waitFor();
          await screenshot(page, "92-lista-roja");
        },
      );

      await t.step("the tenant registers yesterday's closing", async () => {
        await signOut(page);
        await signIn(page, "tenant@demo.pe", undefined, "/locatario/dashboard");
        await openFromMenu(page, "Registrar Cierre", "/cierreVentas/registrarCierre");
        const cards = page.locator(".supply-card");
        await cards.first().waitFor();
        for (let i = 0; i < await cards.count(); i++) {
          await page.locator(`#venta-${i}`).fill("1,000.00");
          await page.locator(`#transacciones-${i}`).fill("20");
        }
        await page.getByRole("button", { name: "Registrar" }).click();
        await page.getByRole("dialog", { name: "Guardado Exitoso" }).getByRole("button", { name: "Aceptar" })
          .click();
        await signOut(page);
      });

      await t.step("Lista Roja: the contract left the missing list at once", async () => {
        await signIn(page, "admin@demo.pe");
        await openFromMenu(page, "Lista Roja", "/Blacklist/Index");
        await totalMissing(missingBefore - 1);
        assert.equal(await listed(contract.code), false);
      });
      assert.deepEqual(errors, []);
    } finally {
      await closePage();
      await browser.close();
      await server.stop();
      await reference.close();
    }
  },
});
