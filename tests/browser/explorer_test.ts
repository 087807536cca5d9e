// Explorador de Ventas (issue 41): the example question answered through the screen — sales per m2
// by category across the malls, a year against another, soles only, by quarter — checked against the same
// figure summed in PostgreSQL; the slice survives a reload of its URL; a saved view opens it again; a cell
// drills to its closings; the Excel export holds the table shown.
import assert from "node:assert/strict";
import { launchBrowser, openPage, screenshot, signIn } from "../helpers/browser.ts";
import {
  chartFigures,
  close,
  downloadExcel,
  eventually,
  parseFigure,
  pickOption,
} from "../helpers/reports.ts";
import { SEED_TODAY } from "../helpers/db.ts";
import { referenceDb } from "../helpers/rollback_db.ts";
import { tooWideOnPhone } from "../helpers/fit.ts";
import { startServer } from "../helpers/server.ts";

const TITLE = "Explorador de Ventas";
const Y2 = Number(SEED_TODAY.slice(0, 4)) - 1;
const Y1 = Y2 - 1;

/** Per category, the soles contracts' Q1 sales per m2 (area of the contracts that sold), as the metric says. */
const M2_SQL = `
  with s as (
    select sc.contract_id, sum(sc.amount) as amount
      from sales_closings sc join contracts k on k.id = sc.contract_id
     where k.currency = 'PEN' and sc.sale_date between $1 and $2
     group by sc.contract_id)
  select g.name, sum(s.amount)::float8 as sales,
         (sum(s.amount) / sum(case when s.amount > 0 then k.area end))::float8 as m2
    from s join contracts k on k.id = s.contract_id join categories g on g.id = k.category_id
   group by g.name order by sum(s.amount) desc`;

Deno.test({
  name: "browser: the explorer answers sales per m2 by category, a year against another, soles, by quarter",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const reference = await referenceDb();
    const q1 = async (y: number) =>
      new Map(
        (await reference.query<{ name: string; m2: number }>(M2_SQL, [`${y}-01-01`, `${y}-03-31`]))
          .map((r) => [r.name, Number(r.m2)]),
      );
    const act = await q1(Y2), cmp = await q1(Y1);
    await reference.close();
    const category = [...act.keys()].find((name) => cmp.has(name))!;
    assert.ok(category, "a category that sold in both years' first quarter");

    const server = await startServer();
    const browser = await launchBrowser();
    const { page, close: closePage, errors } = await openPage(browser, server.url);
    const section = page.locator(`section[aria-label="${TITLE}"]`);
    /** The table's figure of the category under the header given. */
    const figure = async (header: string) => {
      const headers = (await section.locator("thead th").allTextContents()).map((h) => h.trim());
      const col = headers.findIndex((h) => h.startsWith(header));
      if (col < 0) throw new Error(`no column ${header}: ${headers.join(" | ")}`);
      const row = section.locator("tbody tr").filter({
        has: page.locator("td:first-child", { hasText: new RegExp(`^${category}$`) }),
      });
      return parseFigure(await row.locator("td").nth(col).innerText());
    };
    const showsTheAnswer = () =>
      eventually(page, async () => {
        const diffs: string[] = [];
        const a = await figure(`T1 · Ventas por m2 S/ ${Y2}`);
        const b = await figure(`T1 · Ventas por m2 S/ ${Y1}`);
        if (!close(a, act.get(category)!, 0.006)) diffs.push(`${Y2}: ${a} vs ${act.get(category)}`);
        if (!close(b, cmp.get(category)!, 0.006)) diffs.push(`${Y1}: ${b} vs ${cmp.get(category)}`);
        return diffs;
      }, 60_000);
    try {
      await signIn(page, "staff@demo.pe");
      await t.step("the question, picked in the screen", async () => {
        await page.goto(`/Reportes/ExploradorVentas?desde=${Y2}-01-01&hasta=${Y2}-12-31`);
        await section.locator("tbody tr").first().waitFor();
        // Rows 'Rubro' and columns 'Trimestre' are the screen's defaults; the measure, the currency and
        // the comparison year are picked.
        await page.getByRole("button", { name: "Medidas" }).click();
        const panel = page.locator(".p-multiselect-panel");
        await panel.getByRole("option").filter({ hasText: /^Ventas por m2$/ }).click();
        await page.waitForURL((u) => (u.searchParams.get("medidas") ?? "").includes("ventas_m2"));
        await panel.getByRole("option").filter({ hasText: /^Ventas$/ }).click();
        await page.waitForURL((u) => !(u.searchParams.get("medidas") ?? "").includes('"ventas"'));
        await page.keyboard.press("Escape");
        await panel.waitFor({ state: "detached" });
        await pickOption(page, "moneda", "Soles (S/)");
        await pickOption(page, "comparar", String(Y1));
        await page.waitForURL((u) => u.searchParams.get("comparar") === String(Y1));
        await showsTheAnswer();
        // Soles only: no dollar column.
        const headers = await section.locator("thead th").allTextContents();
        assert.ok(!headers.some((h) => h.includes("$")), headers.join(" | "));
        // The chart shows the same slice: the category's first-quarter figure.
        const chart = await chartFigures(page, `Gráfico · ${TITLE}`);
        const bar = chart.get(category)?.get(`T1 · Ventas por m2 S/ ${Y2}`) ?? null;
        assert.ok(close(bar, act.get(category)!, 0.006), `chart ${bar} vs ${act.get(category)}`);
        await page.locator(".p-selectbutton .p-button", { hasText: "Líneas" }).click();
        await page.waitForURL((u) => u.searchParams.get("grafico") === "lineas");
        // Lines: the series are drawn as paths (the bars were rectangles).
        await page.locator(`figure[aria-label="Gráfico · ${TITLE}"] svg path[d^="M"]`).first().waitFor({
          state: "attached",
        });
        await screenshot(page, "explorer-answer");
      });
      await t.step("the URL keeps the slice: a reload shows the same figures", async () => {
        const url = page.url();
        await page.reload();
        assert.equal(page.url(), url);
        await showsTheAnswer();
      });
      await t.step("on a phone the page does not scroll sideways", async () => {
        // The wide table scrolls inside its card; the chart's table for screen readers (as wide as its
        // columns) once widened this page to 1,563 px.
        assert.equal(await tooWideOnPhone(page), null);
      });
      await t.step("a cell drills to its closings; the export holds the table", async () => {
        const headers = (await section.locator("thead th").allTextContents()).map((h) => h.trim());
        const col = headers.findIndex((h) => h.startsWith(`T1 · Ventas por m2 S/ ${Y2}`));
        const row = section.locator("tbody tr").filter({
          has: page.locator("td:first-child", { hasText: new RegExp(`^${category}$`) }),
        });
        await row.locator("td").nth(col).getByRole("button").click();
        const dialog = page.getByRole("dialog", { name: `Cierres · ${category} · T1` });
        await dialog.locator("tbody tr td:first-child").filter({ hasText: /^\d{2}\/\d{2}\/\d{4}$/ }).first()
          .waitFor();
        const days = await dialog.locator("tbody tr td:first-child").allTextContents();
        assert.ok(days.length > 0 && days.every((d) => /\/0[1-3]\//.test(d)), days.join(", "));
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "detached" });
        await page.getByRole("button", { name: "Cierres del total" }).click();
        const all = page.getByRole("dialog", { name: "Cierres · Total" });
        await all.locator("tbody tr td:first-child").filter({ hasText: /^\d{2}\/\d{2}\/\d{4}$/ }).first()
          .waitFor();
        await page.keyboard.press("Escape");
        await all.waitFor({ state: "detached" });
        const { rows } = await downloadExcel(page, TITLE);
        assert.deepEqual((rows[0] as string[]).slice(0, 2), ["Rubro", `T1 · Ventas por m2 S/ ${Y2}`]);
        const line = rows.find((r) => (r as unknown[])[0] === category) as number[];
        assert.ok(close(line[1], act.get(category)!, 0.006), `${line[1]} vs ${act.get(category)}`);
      });
      await t.step("a saved view opens the slice again", async () => {
        await page.locator("#vista-nombre").fill("m2 por rubro");
        await page.getByRole("button", { name: "Guardar vista" }).click();
        await page.getByRole("status").filter({ hasText: "Vista guardada." }).waitFor();
        await pickOption(page, "moneda", "Todas");
        await pickOption(page, "comparar", "Sin comparación");
        await page.waitForURL((u) =>
          !u.searchParams.get("comparar") || u.searchParams.get("comparar") === "null"
        );
        await pickOption(page, "vista", "m2 por rubro");
        await page.getByRole("button", { name: "Abrir vista" }).click();
        await page.waitForURL((u) => u.searchParams.get("comparar") === String(Y1));
        await showsTheAnswer();
      });
      assert.deepEqual(errors, []);
    } finally {
      await closePage();
      await browser.close();
      await server.stop();
    }
  },
});
