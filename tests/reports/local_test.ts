import assert from "node:assert/strict";
import type { Statement } from "../../web/src/analytics/connector.ts";
import * as dash from "../../web/src/reports/dashboard/report.ts";
import * as dc from "../../web/src/reports/diario-comparativo/report.ts";
import * as vd from "../../web/src/reports/ventas-dia/report.ts";
import * as vm from "../../web/src/reports/ventas-mensual/report.ts";
import * as vc from "../../web/src/reports/ventas-categoria/report.ts";
import * as vp from "../../web/src/reports/ventas-presupuesto/report.ts";
import { basePartitions, baseStatements } from "../../web/src/reports/shared/base-report.ts";
import { addDays } from "../../web/src/reports/shared/dates.ts";
import { fixtureDb } from "./fixture.ts";
import { counting, generated, RANGES, same } from "./local_fixture.ts";
import { fixtureDbB, MALLS_B } from "./fixture_sales_b.ts";

// A statement's local twin (web/src/analytics/local.ts) against its SQL in DuckDB (Diario Comparativo, Ventas
// Presupuesto, Ventas por Categoría, Ventas por Día, Ventas Mensual, the dashboard's cards): the same rows, in the same
// order, on the hand-made fixture and on a generated one (three malls, two years and a half of random
// closings, dollar contracts, a contract without area, gaps), with the server's monthly and month's-days
// partitions read or not.

interface Pair {
  local: { rows<R>(p: readonly string[], s: Statement<R>): Promise<R[]> };
  sql: { rows<R>(p: readonly string[], s: Statement<R>): Promise<R[]> };
}

async function compare(
  pair: Pair,
  malls: readonly number[],
  years: number[],
  mallChoices: number[],
  codeOf: (mall: number) => string,
  cebe: string,
) {
  let cases = 0;
  for (const mall of mallChoices) {
    for (const range of RANGES) {
      const y2 = Number(range.start.slice(0, 4));
      for (const y1 of years) {
        for (const [inflation, sss] of [[false, false], [true, false], [false, true], [true, true]]) {
          const f: dc.DcFilters = { mall, inflation, sss, range, y1 };
          const parts = dc.dcPartitions(mall ? [mall] : malls, f);
          const what = `Diario Comparativo ${JSON.stringify(f)}`;
          same(
            await pair.local.rows(parts, dc.diarioSql(f)),
            await pair.sql.rows(parts, dc.diarioSql(f)),
            what,
          );
          // The drill-downs: a CeBe's contracts and every contract's, in each currency, with their totals.
          for (const [code, cur] of [[cebe, "PEN"], [null, "PEN"], [null, "USD"]] as const) {
            for (const st of [dc.contractsSql(f, code, cur), dc.contractsTotalSql(f, code, cur)]) {
              same(
                await pair.local.rows(parts, st),
                await pair.sql.rows(parts, st),
                `${what} contracts ${code} ${cur}`,
              );
            }
          }
          const month = Number(range.end.slice(5, 7));
          const v: vp.VpFilters = { mall, inflation, year: y2, month, y1 };
          const p = vp.vpPeriod(v, "2025-06-15");
          const vparts = vp.vpPartitions(mall ? [mall] : malls, v);
          same(
            await pair.local.rows(vparts, vp.presupuestoSql(v, p)),
            await pair.sql.rows(vparts, vp.presupuestoSql(v, p)),
            `Ventas Presupuesto ${JSON.stringify(v)}`,
          );
          same(
            await pair.local.rows(vparts, vp.closingsSql(p, codeOf(mall))),
            await pair.sql.rows(vparts, vp.closingsSql(p, codeOf(mall))),
            `Ventas Presupuesto closings ${JSON.stringify(v)}`,
          );
          const c: vc.CatFilters = { type: sss ? "SSS" : "General", mall, span: range, y1, inflation };
          const cparts = vc.catPartitions(mall ? [mall] : malls, y2, y1);
          same(
            await pair.local.rows(cparts, vc.categoriesSql(c)),
            await pair.sql.rows(cparts, vc.categoriesSql(c)),
            `Ventas por Categoría ${JSON.stringify(c)}`,
          );
          for (const [id, cur] of [[0, "PEN"], [1, "PEN"], [0, "USD"]] as const) {
            same(
              await pair.local.rows(cparts, vc.contractsSql(c, id, cur)),
              await pair.sql.rows(cparts, vc.contractsSql(c, id, cur)),
              `Ventas por Categoría contracts ${id} ${cur} ${JSON.stringify(c)}`,
            );
          }
          const day: vd.DayFilters = {
            type: (["dia", "acumulada", "m2", "m2acumulada"] as const)[cases % 4],
            mall,
            day: range.end,
            inflation,
          };
          const dparts = vd.dayPartitions(mall ? [mall] : malls, day.day);
          same(
            await pair.local.rows(dparts, vd.daySql(day)),
            await pair.sql.rows(dparts, vd.daySql(day)),
            `Ventas por Día ${JSON.stringify(day)}`,
          );
          for (const group of [0, mall === 0 ? malls[1] : 1]) {
            same(
              await pair.local.rows(dparts, vd.dayContractsSql(day, group)),
              await pair.sql.rows(dparts, vd.dayContractsSql(day, group)),
              `Ventas por Día contracts ${group} ${JSON.stringify(day)}`,
            );
          }
          if (mall === 0) {
            const mode = (["ventaMensual", "ventaMensualCerrado"] as const)[cases % 2];
            const today = addDays(range.end, 1);
            const vf: vm.Filters = { mode, y1, inflation, sss };
            const vper = vm.period(mode, today, y1);
            const vmParts = vm.vmPartitions(malls, vper, y1);
            const what = `Ventas Mensual ${JSON.stringify({ today, ...vf })}`;
            same(
              await pair.local.rows(vmParts, vm.summarySql(vf, vper)),
              await pair.sql.rows(vmParts, vm.summarySql(vf, vper)),
              what,
              true,
            );
            for (const [m, cat] of [[0, 1], [malls[0], 2]]) {
              same(
                await pair.local.rows(vmParts, vm.contractsSql(vf, vper, m, cat)),
                await pair.sql.rows(vmParts, vm.contractsSql(vf, vper, m, cat)),
                `${what} contracts, mall ${m}, category ${cat}`,
              );
            }
            for (const [m, cat] of [[0, 0], [malls[0], 0], [malls[1], 1]]) {
              same(
                await pair.local.rows(vmParts, vm.dailySql(vf, vper, m, cat)),
                await pair.sql.rows(vmParts, vm.dailySql(vf, vper, m, cat)),
                `${what} by day, mall ${m}, category ${cat}`,
              );
            }
          }
          cases++;
        }
      }
    }
  }
  return cases;
}

Deno.test("local twins: the dashboard's cards and Ventas Mensual's category select equal DuckDB's rows", async () => {
  const { n, wrap } = counting();
  const local = await fixtureDb(undefined, undefined, { wrap });
  const sql = await fixtureDb(undefined, undefined, { local: false });
  try {
    for (const today of ["2024-03-01", "2024-02-29", "2024-01-02", "2025-06-01", "2023-01-01"]) {
      const parts = dash.cardPartitions(today);
      for (const st of [dash.trafficSql(today), dash.vacancySql()] as Statement<unknown>[]) {
        same(await local.rows(parts, st), await sql.rows(parts, st), `cards ${today}`);
      }
    }
    for (const mall of [0, 3, 2, 9]) {
      same(
        await local.rows(vm.categoryPartitions, vm.categoriesSql(mall)),
        await sql.rows(vm.categoryPartitions, vm.categoriesSql(mall)),
        `categories of mall ${mall}`,
      );
    }
    assert.equal(n.queries, 0, "the local engine ran DuckDB statements");
  } finally {
    local.close();
    sql.close();
  }
});

Deno.test("local twins: equal DuckDB's rows on the hand-made fixture", async () => {
  const { n, wrap } = counting();
  const local = await fixtureDbB("2025-06-15", { wrap });
  const sql = await fixtureDbB("2025-06-15", { local: false });
  try {
    for (const st of Object.values(baseStatements) as Statement<unknown>[]) {
      same(await local.rows(basePartitions, st), await sql.rows(basePartitions, st), `base ${st.sql}`);
    }
    const cases = await compare({ local, sql }, MALLS_B, [2023], [0, 3], () => "C10", "M1");
    assert.ok(cases >= 40, `only ${cases} cases`);
    assert.equal(n.queries, 0, "the local engine ran DuckDB statements");
  } finally {
    local.close();
    sql.close();
  }
});

Deno.test("local twins: equal DuckDB's rows on generated sales, with and without the monthly families", async () => {
  const rows = generated();
  for (const monthlyFamily of [true, false]) {
    const { n, wrap } = counting();
    const local = await fixtureDb("2025-07-01", rows, { monthlyFamily, wrap });
    const sql = await fixtureDb("2025-07-01", rows, { monthlyFamily, local: false });
    try {
      const cases = await compare({ local, sql }, [3, 2, 6], [2023], [0, 2], () => "K104", "CB1");
      assert.ok(cases >= 40, `only ${cases} cases`);
      assert.equal(n.queries, 0, "the local engine ran DuckDB statements");
    } finally {
      local.close();
      sql.close();
    }
  }
});
