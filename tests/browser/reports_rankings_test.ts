import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { limaDate } from "../../services/clock.ts";
import type { Db } from "../../services/db.ts";
import {
  launchBrowser,
  openPage,
  screenshot,
  seriousViolations,
  signIn,
  signOut,
} from "../helpers/browser.ts";
import { freshDb } from "../helpers/db.ts";
import {
  close,
  dayOf,
  dim,
  downloadExcel,
  eventually,
  monthOf,
  parseFigure,
  shift,
  tableCells,
  yearOf,
  ymd,
} from "../helpers/reports.ts";
import { startServer } from "../helpers/server.ts";

// The Reporting II screens (issue 12) against figures computed here with plain PostgreSQL on the seeded data,
// not with the reports' DuckDB SQL: one sign-in, in-app navigation between the screens.

interface Sold {
  code: string;
  act: number;
  cmp: number;
  tx_act: number;
  tx_cmp: number;
}

/** Per contract of the mall: sales and transactions in [start, end] and in [cstart, cend]. */
async function soldIn(db: Db, mall: number, start: string, end: string, cstart: string, cend: string) {
  const rows = await db.query<Sold>(
    `select c.code,
            coalesce(sum(s.amount) filter (where s.sale_date between $2 and $3), 0)::float8 as act,
            coalesce(sum(s.amount) filter (where s.sale_date between $4 and $5), 0)::float8 as cmp,
            coalesce(sum(s.transactions) filter (where s.sale_date between $2 and $3), 0)::float8 as tx_act,
            coalesce(sum(s.transactions) filter (where s.sale_date between $4 and $5), 0)::float8 as tx_cmp
       from contracts c join sales_closings s on s.contract_id = c.id
      where c.mall_id = $1 and (s.sale_date between $2 and $3 or s.sale_date between $4 and $5)
      group by c.code`,
    [mall, start, end, cstart, cend],
  );
  return rows.map((r) => ({ ...r, act: Number(r.act), cmp: Number(r.cmp) }));
}

/** Competition ranks (1, 2, 2, 4) by the figure, to the cent; no sales: no rank. */
function ranks(rows: Sold[], key: "act" | "cmp"): Map<string, number> {
  const sold = rows.filter((r) => r[key] > 0).map((r) => ({ code: r.code, v: Math.round(r[key] * 100) }));
  return new Map(sold.map((r) => [r.code, 1 + sold.filter((o) => o.v > r.v).length]));
}

const sum = (rows: Sold[], f: (r: Sold) => number) => rows.reduce((n, r) => n + f(r), 0);

/** Code → the figures of the columns given (by index) on the table's first page, and its totals row. */
async function screenRows(page: Page, title: string) {
  const { rows, total } = await tableCells(page, title);
  return { rows, total: total.map((t) => t.trim()) };
}

Deno.test({
  name:
    "browser: Reporting II rankings and evolutions match PostgreSQL, keep their filters in the URL, export totals",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const today = limaDate(new Date());
    const yesterday = shift(today, -1);
    const reference = await freshDb("pglite");
    const server = await startServer();
    const browser = await launchBrowser();
    const { page, errors, close: closePage } = await openPage(browser, server.url);
    /** axe's serious findings per screen (the a11y test visits the menu screens with their defaults only). */
    const axe: string[] = [];
    const audit = async (name: string) =>
      axe.push(...(await seriousViolations(page)).map((v) => `${name}: ${v}`));
    const [{ id: mall }] = await reference.query<{ id: number }>(
      "select id from malls order by sort limit 1",
    );
    try {
      await signIn(page, "admin@demo.pe");

      // March of last year against March of the year before, from a shared link.
      const y = yearOf(yesterday) - 1;
      const [start, end, cstart, cend] = [ymd(y, 3, 1), ymd(y, 3, 31), ymd(y - 1, 3, 1), ymd(y - 1, 3, 31)];
      const TITLE = "Ranking de Ventas por Mall";
      const sold = await soldIn(reference, mall, start, end, cstart, cend);
      const rAct = ranks(sold, "act"), rCmp = ranks(sold, "cmp");
      const checkRanking = () =>
        eventually(page, async () => {
          const { rows, total } = await screenRows(page, TITLE);
          const diffs: string[] = [];
          if (rows.length !== Math.min(8, sold.length)) diffs.push(`${rows.length} rows`);
          if (total[0] !== "Total") diffs.push(`total row ${total[0]}`);
          if (!close(parseFigure(total[3]), sum(sold, (r) => r.act), 0.006)) {
            diffs.push(`total act ${total[3]}`);
          }
          if (!close(parseFigure(total[4]), sum(sold, (r) => r.cmp), 0.006)) {
            diffs.push(`total cmp ${total[4]}`);
          }
          if (!close(parseFigure(total[12]), sum(sold, (r) => r.tx_act), 0)) {
            diffs.push(`total tickets ${total[12]}`);
          }
          for (const cells of rows) {
            const want = sold.find((r) => r.code === cells[0].trim());
            if (!want) {
              diffs.push(`unknown contract ${cells[0]}`);
              continue;
            }
            if (!close(parseFigure(cells[3]), want.act, 0.006)) diffs.push(`${want.code} act ${cells[3]}`);
            if (!close(parseFigure(cells[4]), want.cmp, 0.006)) diffs.push(`${want.code} cmp ${cells[4]}`);
            if (parseFigure(cells[5]) !== (rAct.get(want.code) ?? null)) {
              diffs.push(`${want.code} rank ${cells[5]}`);
            }
            if (parseFigure(cells[6]) !== (rCmp.get(want.code) ?? null)) {
              diffs.push(`${want.code} rank1 ${cells[6]}`);
            }
          }
          // The first page holds the best ranks of the report year.
          const best = [...rAct.values()].sort((a, b) => a - b).slice(0, rows.length);
          const shown = rows.map((c) => parseFigure(c[5]));
          if (JSON.stringify(shown) !== JSON.stringify(best)) diffs.push(`ranks ${shown} vs ${best}`);
          return diffs;
        });

      await t.step("Ranking de Ventas por Mall from a shared link, and again after a reload", async () => {
        assert.ok(sold.length >= 3, "the mall has contracts with sales");
        await page.goto(
          `/Reportes/RankingVentasPorMall?mall=${mall}&desde=${start}&hasta=${end}&anioComparativo=${y - 1}`,
        );
        await checkRanking();
        await screenshot(page, "90-ranking-mall");
        await audit("ranking");
        await page.reload();
        await checkRanking();
        assert.equal(await page.locator("#rango").inputValue(), `01/03/${y} - 31/03/${y}`);
        assert.equal(new URL(page.url()).searchParams.get("anioComparativo"), String(y - 1));
      });

      await t.step("its Excel export ends with the totals row", async () => {
        const { file, rows } = await downloadExcel(page, TITLE);
        assert.equal(file, `${TITLE}.xlsx`);
        assert.equal(rows[0][0], "Cod Contrato");
        assert.equal(rows.length, 1 + sold.length + 1);
        const last = rows[rows.length - 1] as unknown[];
        assert.equal(last[0], "Total");
        assert.ok(close(Number(last[3]), sum(sold, (r) => r.act), 0.006), `export total ${last[3]}`);
      });

      await t.step("a contract's row opens its sales curve for both years", async () => {
        const code = (await screenRows(page, TITLE)).rows[0][0].trim();
        await page.getByRole("button", { name: `Curva de ventas de ${code}` }).click();
        const panel = page.locator(".p-sidebar");
        await panel.locator("figure.chart").waitFor();
        await audit("curve panel");
        const [{ total }] = await reference.query<{ total: number }>(
          `select coalesce(sum(s.amount), 0)::float8 as total from sales_closings s join contracts c on c.id = s.contract_id
            where c.code = $1 and s.sale_date between $2 and $3`,
          [code, ymd(y, 3, 1), ymd(y, 3, 31)],
        );
        await eventually(page, async () => {
          const cells = await panel.locator("[data-testid=chart-data] tbody tr").nth(2).locator("td")
            .allTextContents();
          return close(parseFigure(cells[0]), Number(total), 0.006) ? [] : [`March ${cells[0]} vs ${total}`];
        });
        await page.keyboard.press("Escape");
        await panel.waitFor({ state: "detached" });
      });

      await t.step("Ranking de Ventas (Mensual, the month of yesterday) through the menu", async () => {
        await page.getByRole("link", { name: "Ranking de Ventas", exact: true }).click();
        await page.waitForURL(/\/Reportes\/RankVentas/);
        const [ym, mm] = [yearOf(yesterday), monthOf(yesterday)];
        const month = await soldIn(reference, mall, ymd(ym, mm, 1), yesterday, "1900-01-01", "1900-01-01");
        const r = ranks(month, "act");
        await eventually(page, async () => {
          const { rows, total } = await screenRows(page, "Ranking de Ventas");
          const diffs: string[] = [];
          if (!close(parseFigure(total[5]), sum(month, (x) => x.act), 0.006)) diffs.push(`total ${total[5]}`);
          for (const cells of rows) {
            const want = month.find((x) => x.code === cells[1].trim());
            if (!want) diffs.push(`unknown ${cells[1]}`);
            else {
              if (!close(parseFigure(cells[5]), want.act, 0.006)) diffs.push(`${want.code} ${cells[5]}`);
              if (parseFigure(cells[0]) !== (r.get(want.code) ?? null)) {
                diffs.push(`${want.code} rank ${cells[0]}`);
              }
            }
          }
          return diffs;
        });
        // Anual: January to the month of yesterday, then the total of the year to yesterday.
        await page.locator(".p-selectbutton .p-button").filter({ hasText: /^Anual$/ }).click();
        await page.waitForURL((u) => u.searchParams.get("tipo") === "anual");
        const year = await soldIn(reference, mall, ymd(ym, 1, 1), yesterday, "1900-01-01", "1900-01-01");
        await eventually(page, async () => {
          const { total } = await screenRows(page, "Ranking de Ventas");
          const v = parseFigure(total[4 + mm]);
          return close(v, sum(year, (x) => x.act), 0.006) ? [] : [`year total ${total[4 + mm]}`];
        });
        await screenshot(page, "91-rank-ventas");
        await audit("rank");
      });

      await t.step(
        "Evolución Ventas por CEBE and por Tienda (the closed month) through the menu",
        async () => {
          const [cy, cm] = monthOf(today) === 1
            ? [yearOf(today) - 1, 12]
            : [yearOf(today), monthOf(today) - 1];
          const [first] = [ymd(cm === 12 ? cy : cy - 1, cm === 12 ? 1 : cm + 1, 1)];
          const [w] = await reference.query<{ mes: number; anio: number }>(
            `select coalesce(sum(s.amount) filter (where s.sale_date >= $2), 0)::float8 as mes,
                  coalesce(sum(s.amount), 0)::float8 as anio
             from sales_closings s join contracts c on c.id = s.contract_id
            where c.mall_id = $1 and s.sale_date between $3 and $4`,
            [mall, ymd(cy, cm, 1), first, ymd(cy, cm, dim(cy, cm))],
          );
          for (
            const [link, path] of [["Evolución Ventas por CEBE", "EvolucionVentas"], [
              "Evolución Ventas por Tienda",
              "EvolucionVentasTienda",
            ]]
          ) {
            await page.getByRole("link", { name: link, exact: true }).click();
            await page.waitForURL(new RegExp(`/Reportes/${path}(\\?|$)`));
            await eventually(page, async () => {
              const { total } = await screenRows(page, `Ventas Año Actual ${cy}`);
              const diffs: string[] = [];
              if (!close(parseFigure(total[13]), Number(w.mes), 0.006)) {
                diffs.push(`${path} month ${total[13]}`);
              }
              if (!close(parseFigure(total[14]), Number(w.anio), 0.006)) {
                diffs.push(`${path} 12 months ${total[14]}`);
              }
              return diffs;
            });
          }
          await screenshot(page, "92-evolucion-tienda");
          await audit("evolucion");
        },
      );

      await t.step(
        "Provisión de Ventas and Flash Semanal (the month of yesterday) through the menu",
        async () => {
          const [ym, mm] = [yearOf(yesterday), monthOf(yesterday)];
          const month = await soldIn(
            reference,
            mall,
            ymd(ym, mm, 1),
            yesterday,
            ymd(ym - 1, mm, 1),
            ymd(ym - 1, mm, Math.min(dayOf(yesterday), dim(ym - 1, mm))),
          );
          await page.getByRole("link", { name: "Provisión de Ventas", exact: true }).click();
          await page.waitForURL(/\/Reportes\/ReporteProvisionVentas/);
          await eventually(page, async () => {
            const { total } = await screenRows(page, "Provisión de Ventas");
            const real = parseFigure(total[5]), prov = parseFigure(total[6]), all = parseFigure(total[7]);
            const diffs: string[] = [];
            if (!close(real, sum(month, (x) => x.act), 0.006)) diffs.push(`registered ${total[5]}`);
            if (prov === null || prov < 0 || !close(all, (real ?? 0) + prov, 0.011)) {
              diffs.push(`total ${total[7]}`);
            }
            const card = parseFigure(await page.getByTestId("prov-real").innerText());
            if (!close(card, all ? (real ?? 0) / all * 100 : null, 0.051)) {
              diffs.push(`Porcentaje Real ${card}`);
            }
            return diffs;
          });
          assert.match(await page.getByTestId("prov-note").innerText(), /Estimado/);
          await audit("provision");
          await page.getByRole("link", { name: "Flash Semanal", exact: true }).click();
          await page.waitForURL(/\/Reportes\/ReporteProyeccionesIndex/);
          await eventually(page, async () => {
            const { total } = await screenRows(page, "Flash Semanal");
            const diffs: string[] = [];
            if (!close(parseFigure(total[1]), sum(month, (x) => x.act), 0.006)) {
              diffs.push(`week total ${total[1]}`);
            }
            if (!close(parseFigure(total[2]), sum(month, (x) => x.cmp), 0.006)) {
              diffs.push(`year before ${total[2]}`);
            }
            return diffs;
          });
          assert.match(await page.getByTestId("projection-note").innerText(), /estimada/);
          await screenshot(page, "93-flash-semanal");
          await audit("flash");
        },
      );

      await t.step("a role without the permission gets 'Área no autorizada'", async () => {
        await signOut(page);
        await signIn(page, "pruebas@demo.pe", undefined, "/dashboard");
        await page.goto("/Reportes/RankingVentasPorMall");
        await page.getByRole("heading", { name: "Área no autorizada", level: 1 }).waitFor();
      });
      assert.deepEqual(axe, []);
      assert.deepEqual(errors, []);
    } finally {
      await closePage();
      await browser.close();
      await server.stop();
      await reference.close();
    }
  },
});
