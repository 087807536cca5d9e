// Afluencia Diaria's fortnight ('quincena', in the URL): 1 to 15, 16 to the month's end or the whole month,
// the rows and the total of those days, in pages of 15 rows.
import assert from "node:assert/strict";
import { limaDate } from "../../services/clock.ts";
import { launchBrowser, openPage, screenshot, signIn } from "../helpers/browser.ts";
import {
  allTableCells,
  dim,
  eventually,
  monthOf,
  parseFigure,
  pickOption,
  shift,
  yearOf,
  ymd,
} from "../helpers/reports.ts";
import { referenceDb } from "../helpers/rollback_db.ts";
import { startServer } from "../helpers/server.ts";

const TITLE = "Afluencia Diaria Peatonal";

Deno.test({
  name: "browser: Afluencia Diaria by fortnight, from the URL and the filter, 15 rows a page",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    // Last month: every day of it is past.
    const first = `${limaDate(new Date()).slice(0, 8)}01`;
    const last = shift(first, -1);
    const [y, m] = [yearOf(last), monthOf(last)];
    const reference = await referenceDb();
    const rows = await reference.query<{ day: string; v: number }>(
      `select day::text as day, visitors as v from traffic_pedestrian
        where mall_id = 3 and zone = 'Perimetro' and day between $1 and $2`,
      [ymd(y, m, 1), ymd(y, m, dim(y, m))],
    );
    await reference.close();
    const by = new Map(rows.map((r) => [r.day, Number(r.v)]));
    const sum = (from: number, to: number) => {
      let n = 0;
      for (let d = from; d <= to; d++) n += by.get(ymd(y, m, d)) ?? 0;
      return n;
    };
    const server = await startServer();
    const browser = await launchBrowser();
    const { page, close } = await openPage(browser, server.url);
    /** The table shows the days from..to and their total. */
    const shows = (from: number, to: number) =>
      eventually(page, async () => {
        const { rows, total } = await allTableCells(page, TITLE);
        const days = rows.map((r) => Number(r[0].match(/(\d{2})\/\d{2}\/\d{4}/)?.[1]));
        const want = Array.from({ length: to - from + 1 }, (_, i) => from + i);
        if (JSON.stringify(days) !== JSON.stringify(want)) return [`days ${days.join(",")}`];
        return parseFigure(total[1]) === sum(from, to) ? [] : [`total ${total[1]} vs ${sum(from, to)}`];
      });
    try {
      await signIn(page, "admin@demo.pe");
      await t.step("?quincena=2: the 16th to the end, over two pages when 16 days", async () => {
        await page.goto(
          `/Reportes/AfluenciaDiariaPeatonal?unidadEconomicaId=3&anio=${y}&mes=${m}&quincena=2`,
        );
        assert.equal(
          (await page.locator(".p-dropdown:has(#quincena) .p-dropdown-label").innerText()).trim(),
          "Del 16 a fin de mes",
        );
        await shows(16, dim(y, m));
        await screenshot(page, "afluencia-quincena-2");
      });
      await t.step("the filter: 1 to 15 on one page, then the whole month in pages of 15", async () => {
        await pickOption(page, "quincena", "Del 1 al 15");
        await page.waitForURL((u) => u.searchParams.get("quincena") === "1");
        await shows(1, 15);
        const section = page.locator(`section[aria-label="${TITLE}"]`);
        assert.equal(await section.getByRole("navigation", { name: "Paginación" }).count(), 0);
        await pickOption(page, "quincena", "Mes completo");
        await page.waitForURL((u) => u.searchParams.get("quincena") === "0");
        await section.getByText(`1 - 15 de ${dim(y, m)}`).waitFor();
        assert.equal(await section.locator("tbody tr").count(), 15);
        await shows(1, dim(y, m));
      });
    } finally {
      await close();
      await browser.close();
      await server.stop();
    }
  },
});
