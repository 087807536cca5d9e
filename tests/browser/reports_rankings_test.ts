import assert from "node:assert/strict";
import { screenshot, signIn, signOut } from "../helpers/browser.ts";
import {
  close,
  downloadExcel,
  eventually,
  monthOf,
  parseFigure,
  pickOption,
  yearOf,
  ymd,
} from "../helpers/reports.ts";
import {
  cellsWith,
  inflationFactors,
  monthlySales,
  ranks,
  type Sold,
  soldIn,
  sum,
  totalLabel,
  usdTitle,
  withReportsSession,
} from "../helpers/rankings.ts";

// The Reporting II screens (issue 12), part 1: the two rankings against figures computed here with plain
// PostgreSQL on the seeded data (tests/helpers/rankings.ts), not with the reports' DuckDB SQL; one sign-in,
// in-app navigation or shared links between the screens. Part 2: reports_rankings_2_test.ts. Soles and dollars
// are never added (issue 35): each screen's soles table ('Total S/') is checked against the soles contracts,
// and its dollar table ('… (contratos en dólares)', 'Total $') against the dollar contracts, on malls that have
// one (the first two malls of the demo data each have a dollar contract).

const ROUTES = [
  "RankingVentasPorMall",
  "RankVentas",
  "EvolucionVentas",
  "EvolucionVentasTienda",
  "ReporteProvisionVentas",
  "ReporteProyeccionesIndex",
];

Deno.test({
  name:
    "browser: Ranking de Ventas por Mall and Ranking de Ventas match PostgreSQL in two filter combinations, keep them in the URL, export totals; no permission, no report",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: (t) =>
    withReportsSession(
      async ({ page, reference, yesterday, malls, audit, screenRows, exportedTotals, openFromMenu }) => {
        // The first mall is each screen's default; the second gives the second filter combinations.
        const [mall, mallB] = [malls[0].id, malls[1]];
        // March of last year against March of the year before, from a shared link.
        const y = yearOf(yesterday) - 1;
        const [start, end, cstart, cend] = [ymd(y, 3, 1), ymd(y, 3, 31), ymd(y - 1, 3, 1), ymd(y - 1, 3, 31)];
        const TITLE = "Ranking de Ventas por Mall";
        const sold = await soldIn(reference, mall, start, end, cstart, cend);
        const soldUsd = await soldIn(reference, mall, start, end, cstart, cend, () => 1, "USD");
        /** One currency's table: its rows (ranked within the currency) and its totals row. */
        const checkTable = async (title: string, sold: Sold[]) => {
          const rAct = ranks(sold, (r) => r.act), rCmp = ranks(sold, (r) => r.cmp);
          const { rows, total } = await screenRows(title);
          const diffs: string[] = [];
          if (rows.length !== Math.min(8, sold.length)) diffs.push(`${title}: ${rows.length} rows`);
          if (sold.length === 0) return diffs;
          diffs.push(...cellsWith({ rows, total }, title === TITLE ? "$" : "S/"));
          if (total[0] !== totalLabel(title)) diffs.push(`total row ${total[0]}`);
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
            const [ra, rc] = [rAct.get(want.code) ?? null, rCmp.get(want.code) ?? null];
            if (!close(parseFigure(cells[3]), want.act, 0.006)) diffs.push(`${want.code} act ${cells[3]}`);
            if (!close(parseFigure(cells[4]), want.cmp, 0.006)) diffs.push(`${want.code} cmp ${cells[4]}`);
            if (parseFigure(cells[5]) !== ra) diffs.push(`${want.code} rank ${cells[5]}`);
            if (parseFigure(cells[6]) !== rc) diffs.push(`${want.code} rank1 ${cells[6]}`);
            if (parseFigure(cells[7]) !== (ra && rc ? rc - ra : null)) {
              diffs.push(`${want.code} var ${cells[7]}`);
            }
            if (!close(parseFigure(cells[12]), want.tx_act, 0)) {
              diffs.push(`${want.code} tickets ${cells[12]}`);
            }
          }
          // The first page holds the best ranks of the report year.
          const best = [...rAct.values()].sort((a, b) => a - b).slice(0, rows.length);
          const shown = rows.map((c) => parseFigure(c[5]));
          if (JSON.stringify(shown) !== JSON.stringify(best)) diffs.push(`ranks ${shown} vs ${best}`);
          return diffs;
        };
        /** The soles table and the dollar contracts' table apart (none when the mall has no dollar sales). */
        const checkRanking = (sold: Sold[], usd: Sold[]) =>
          eventually(page, async () => [
            ...await checkTable(TITLE, sold),
            ...await checkTable(usdTitle(TITLE), usd),
          ]);

        await t.step("Ranking de Ventas por Mall from a shared link, and again after a reload", async () => {
          assert.ok(sold.length >= 3, "the mall has contracts with sales");
          assert.ok(soldUsd.length >= 1, "the mall has a dollar contract with sales");
          await page.goto(
            `/Reportes/RankingVentasPorMall?mall=${mall}&desde=${start}&hasta=${end}&anioComparativo=${
              y - 1
            }`,
          );
          await checkRanking(sold, soldUsd);
          await screenshot(page, "90-ranking-mall");
          await audit("ranking");
          await page.reload();
          await checkRanking(sold, soldUsd);
          assert.equal(await page.locator("#rango").inputValue(), `01/03/${y} - 31/03/${y}`);
          assert.equal(new URL(page.url()).searchParams.get("anioComparativo"), String(y - 1));
        });

        await t.step("its Excel exports (soles, dollars) end with their totals row", async () => {
          for (const [title, of] of [[TITLE, sold], [usdTitle(TITLE), soldUsd]] as const) {
            const { file, rows } = await downloadExcel(page, title);
            assert.equal(file, `${title}.xlsx`);
            assert.equal(rows[0][0], "Cod Contrato");
            assert.equal(rows.length, 1 + of.length + 1);
            const last = rows[rows.length - 1] as unknown[];
            assert.equal(last[0], totalLabel(title));
            assert.ok(
              close(Number(last[3]), sum(of, (r) => r.act), 0.006),
              `${title}: export total ${last[3]}`,
            );
            assert.ok(close(Number(last[4]), sum(of, (r) => r.cmp), 0.006), `${title}: export ${last[4]}`);
          }
        });

        await t.step("a contract's row opens its sales curve for both years", async () => {
          const code = (await screenRows(TITLE)).rows[0][0].trim();
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
            return close(parseFigure(cells[0]), Number(total), 0.006)
              ? []
              : [`March ${cells[0]} vs ${total}`];
          });
          await page.keyboard.press("Escape");
          await panel.waitFor({ state: "detached" });
        });

        await t.step(
          "Ranking de Ventas por Mall: another mall, 'Inflación' on, another comparison year",
          async () => {
            // Set in the filter bar: each change goes into the URL.
            const y1 = y - 3;
            await pickOption(page, "mall", mallB.name);
            await page.locator(".p-inputswitch:has(#inflacion)").click();
            await pickOption(page, "anioComparativo", String(y1));
            await page.waitForURL((u) =>
              u.searchParams.get("mall") === String(mallB.id) && u.searchParams.get("inflacion") === "true" &&
              u.searchParams.get("anioComparativo") === String(y1)
            );
            const factor = await inflationFactors(reference, y1, y);
            assert.ok(factor(3) > 1, "the seed has inflation rates");
            const [c1, c2] = [ymd(y1, 3, 1), ymd(y1, 3, 31)];
            await checkRanking(
              await soldIn(reference, mallB.id, start, end, c1, c2, factor),
              await soldIn(reference, mallB.id, start, end, c1, c2, factor, "USD"),
            );
          },
        );

        await t.step("Ranking de Ventas (Mensual, the month of yesterday) through the menu", async () => {
          await openFromMenu("Ranking de Ventas");
          await page.waitForURL(/\/Reportes\/RankVentas/);
          const [ym, mm] = [yearOf(yesterday), monthOf(yesterday)];
          const of = (currency: "PEN" | "USD", from: string) =>
            soldIn(reference, mall, from, yesterday, "1900-01-01", "1900-01-01", () => 1, currency);
          const [month, monthUsd] = [await of("PEN", ymd(ym, mm, 1)), await of("USD", ymd(ym, mm, 1))];
          assert.ok(monthUsd.length >= 1, "the mall's dollar contract sold this month");
          // Each currency's table, ranked within it: its rows on the first page and its totals row.
          const checkMonth = async (title: string, month: Sold[]) => {
            const r = ranks(month, (x) => x.act);
            const { rows, total } = await screenRows(title);
            const diffs = cellsWith({ rows, total }, title === "Ranking de Ventas" ? "$" : "S/");
            if (rows.length !== Math.min(8, month.length)) diffs.push(`${title}: ${rows.length} rows`);
            if (total[1] !== totalLabel(title)) diffs.push(`${title}: total row ${total.slice(0, 2)}`);
            if (!close(parseFigure(total[5]), sum(month, (x) => x.act), 0.006)) {
              diffs.push(`${title}: total ${total[5]}`);
            }
            for (const cells of rows) {
              const want = month.find((x) => x.code === cells[1].trim());
              if (!want) diffs.push(`unknown ${cells[1]}`);
              else {
                if (!close(parseFigure(cells[5]), want.act, 0.006)) diffs.push(`${want.code} ${cells[5]}`);
                if (!close(parseFigure(cells[6]), want.tx_act, 0)) diffs.push(`${want.code} tx ${cells[6]}`);
                if (parseFigure(cells[0]) !== (r.get(want.code) ?? null)) {
                  diffs.push(`${want.code} rank ${cells[0]}`);
                }
              }
            }
            return diffs;
          };
          await eventually(page, async () => [
            ...await checkMonth("Ranking de Ventas", month),
            ...await checkMonth(usdTitle("Ranking de Ventas"), monthUsd),
          ]);
          // Anual: January to the month of yesterday, then the total of the year to yesterday.
          await page.locator(".p-selectbutton .p-button").filter({ hasText: /^Anual$/ }).click();
          await page.waitForURL((u) => u.searchParams.get("tipo") === "anual");
          const [year, yearUsd] = [await of("PEN", ymd(ym, 1, 1)), await of("USD", ymd(ym, 1, 1))];
          await eventually(page, async () => {
            const diffs: string[] = [];
            for (
              const [title, sold] of [["Ranking de Ventas", year], [
                usdTitle("Ranking de Ventas"),
                yearUsd,
              ]] as const
            ) {
              const { total } = await screenRows(title);
              if (total[1] !== totalLabel(title)) diffs.push(`${title}: total row ${total.slice(0, 2)}`);
              if (!close(parseFigure(total[4 + mm]), sum(sold, (x) => x.act), 0.006)) {
                diffs.push(`${title}: year total ${total[4 + mm]}`);
              }
            }
            return diffs;
          });
          await screenshot(page, "91-rank-ventas");
          await audit("rank");
        });

        await t.step(
          "Ranking de Ventas, Anual por M2 of last year, another mall and one CeBe, from a link",
          async () => {
            // The CeBe of another mall with the most contracts that sold last year (one may have closed during it).
            const [{ mall: rm, name: rmName, cebe, cebe_name }] = await reference.query<
              { mall: number; name: string; cebe: string; cebe_name: string }
            >(
              `select c.mall_id as mall, m.name, c.cebe_code as cebe, b.name as cebe_name
             from contracts c join malls m on m.id = c.mall_id join cebes b on b.code = c.cebe_code
            where c.mall_id <> $1 and exists (select 1 from sales_closings s where s.contract_id = c.id
                                                 and s.sale_date between $2 and $3)
            group by 1, 2, 3, 4, m.sort order by count(*) desc, m.sort, 3 limit 1`,
              [mall, ymd(y, 1, 1), ymd(y, 12, 31)],
            );
            const per = await monthlySales(reference, rm, cebe, ymd(y, 1, 1), ymd(y, 12, 31));
            // The CeBe's dollar contracts (if any) in their own table, per m2 in dollars.
            const perUsd = await monthlySales(reference, rm, cebe, ymd(y, 1, 1), ymd(y, 12, 31), "USD");
            const tot = (r: { months: number[] }) => sum(r.months, (v) => v);
            await page.goto(`/Reportes/RankVentas?tipo=anualM2&anio=${y}&mall=${rm}&cebe=${cebe}`);
            const checkM2 = async (title: string, per: typeof perUsd) => {
              const r = ranks(per, (x) => tot(x) / x.area);
              const { rows, total } = await screenRows(title);
              const diffs: string[] = rows.length === Math.min(8, per.length)
                ? []
                : [`${title}: ${rows.length} rows`];
              if (per.length === 0) return diffs;
              diffs.push(...cellsWith({ rows, total }, title === "Ranking de Ventas" ? "$" : "S/"));
              if (total[1] !== totalLabel(title)) diffs.push(`${title}: total row ${total.slice(0, 2)}`);
              for (const cells of rows) {
                const want = per.find((x) => x.code === cells[1].trim());
                if (!want) diffs.push(`unknown ${cells[1]}`);
                else {
                  if (parseFigure(cells[0]) !== (r.get(want.code) ?? null)) {
                    diffs.push(`${want.code} #${cells[0]}`);
                  }
                  for (let m = 1; m <= 12; m++) {
                    const v = want.months[m] > 0 ? want.months[m] / want.area : null;
                    if (!close(parseFigure(cells[3 + m]), v, 0.006)) {
                      diffs.push(`${want.code} m${m} ${cells[3 + m]}`);
                    }
                  }
                  const v = tot(want) / want.area;
                  if (!close(parseFigure(cells[16]), v, 0.006)) diffs.push(`${want.code} total ${cells[16]}`);
                }
              }
              // The totals row: each month's sales over the area of the contracts that sold in it.
              for (let m = 1; m <= 12; m++) {
                const area = sum(per, (x) => (x.months[m] > 0 ? x.area : 0));
                const v = area ? sum(per, (x) => x.months[m]) / area : null;
                if (!close(parseFigure(total[3 + m]), v, 0.006)) diffs.push(`total m${m} ${total[3 + m]}`);
              }
              const area = sum(per, (x) => (tot(x) > 0 ? x.area : 0));
              if (!close(parseFigure(total[16]), sum(per, tot) / area, 0.006)) {
                diffs.push(`total ${total[16]}`);
              }
              return diffs;
            };
            await eventually(page, async () => [
              ...await checkM2("Ranking de Ventas", per),
              ...await checkM2(usdTitle("Ranking de Ventas"), perUsd),
            ]);
            // The link restored every filter.
            assert.equal(
              (await page.locator(".p-selectbutton .p-highlight").innerText()).trim(),
              "Anual por M2",
            );
            assert.equal(
              (await page.locator(".p-dropdown:has(#anio) .p-dropdown-label").innerText()).trim(),
              `${y}`,
            );
            assert.equal(
              (await page.locator(".p-dropdown:has(#mall) .p-dropdown-label").innerText()).trim(),
              rmName,
            );
            assert.equal(
              (await page.locator(".p-dropdown:has(#cebe) .p-dropdown-label").innerText()).trim(),
              `${cebe} - ${cebe_name}`,
            );
            const last = await exportedTotals("Ranking de Ventas");
            assert.ok(
              close(Number(last[16]), sum(per, tot) / sum(per, (x) => (tot(x) > 0 ? x.area : 0)), 0.006),
            );
          },
        );

        await t.step(
          "a role without the permissions gets 'Área no autorizada' on each of the six",
          async () => {
            await signOut(page);
            await signIn(page, "pruebas@demo.pe", undefined, "/dashboard");
            for (const path of ROUTES) {
              await page.goto(`/Reportes/${path}`);
              await page.getByRole("heading", { name: "Área no autorizada", level: 1 }).waitFor();
            }
          },
        );
      },
    ),
});
