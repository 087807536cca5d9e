import assert from "node:assert/strict";
import type { Statement } from "../../web/src/analytics/connector.ts";
import * as af from "../../web/src/reports/afluencia/report.ts";
import * as bt from "../../web/src/reports/bitacora/report.ts";
import * as dash from "../../web/src/reports/dashboard/report.ts";
import * as ev from "../../web/src/reports/evolucion-ventas/report.ts";
import * as fs from "../../web/src/reports/flash-semanal/report.ts";
import * as pv from "../../web/src/reports/provision-ventas/report.ts";
import * as rk from "../../web/src/reports/rank-ventas/report.ts";
import * as rm from "../../web/src/reports/ranking-mall/report.ts";
import * as vg from "../../web/src/reports/venta-general/report.ts";
import * as vm from "../../web/src/reports/ventas-mensual/report.ts";
import { shownNumber } from "../../web/src/components/data-table/excel-export.ts";
import { day, fixtureDb, near } from "./fixture.ts";
import { contractRow, sales, withRows } from "./rankings_fixture.ts";

// Issue 35: soles and dollars are never added. The rankings' fixture (mall 3: A, B, C, D in soles) with a
// dollar contract U in the same mall and CeBe: U sells $ 500.00 in February 2024 and $ 400.00 in February
// 2023 against a budget of $ 1,000.00; D has a February 2024 budget of S/ 100.00 and sells nothing then.
// Every figure below is worked out by hand from those rows.

const TODAY = "2024-07-15";
const db = await fixtureDb(
  TODAY,
  withRows({
    contracts: [{ ...contractRow(35, "U", 3, "Tienda U", 1, "M1", "Moda", 20), currency: "USD" }],
    sales_daily: sales([[35, "2024-02-05", 50_000, 4], [35, "2023-02-05", 40_000, 3]]),
    budgets: ([[35, "2024-02-01", 1000], [33, "2024-02-01", 100]] as const).map(([c, m, a]) => ({
      contract_id: c,
      month: day(m),
      amount: a,
    })),
  }),
);
const FEB = { start: "2024-02-01", end: "2024-02-29" };
const run = <R>(parts: readonly string[], s: Statement<R>) => db.rows(parts, s);
const totals = <R extends { is_total: number }>(rows: R[]) => rows.filter((r) => r.is_total);

Deno.test("money: Ranking de Ventas ranks within a currency and totals each apart", async () => {
  const f: rk.RankFilters = { mode: "mensual", year: 2024, month: 2, mall: 3, cebe: "" };
  const rows = await run(rk.rankPartitions(3, 2024), rk.monthlyRankSql(f, TODAY));
  assert.deepEqual(rows.map((r) => [r.is_total, r.ranking, r.code, r.moneda, r.venta]), [
    [0, 1, "A", "PEN", 300],
    [0, 1, "B", "PEN", 300],
    [0, 1, "U", "USD", 500], // first among the dollar contracts, not above the soles ones
    [0, 3, "C", "PEN", 200],
    [1, null, "Total S/", "PEN", 800],
    [2, null, "Total $", "USD", 500],
  ]);
  const y = await run(rk.rankPartitions(3, 2024), rk.yearlyRankSql({ ...f, mode: "anual" }, TODAY));
  assert.deepEqual(totals(y).map((r) => [r.code, r.total, r.m2]), [["Total S/", 900, 800], [
    "Total $",
    500,
    500,
  ]]);
  const m2 = await run(rk.rankPartitions(3, 2024), rk.yearlyRankSql({ ...f, mode: "anualM2" }, TODAY));
  near(m2.find((r) => r.code === "U")!.total, 25, 4); // 500 / 20 m2, in dollars
  assert.equal(m2.find((r) => r.code === "U")!.ranking, 1);
});

Deno.test("money: Ranking de Ventas por Mall, a listed row's missing sale is 0.00, fulfilment 0.0 % with a budget", async () => {
  const f: rm.RankingFilters = { mall: 3, inflation: false, act: FEB, comparisonYear: 2023 };
  const rows = await run(rm.rankingPartitions(3, 2024, 2023), rm.rankingSql(f));
  const by = Object.fromEntries(rows.map((r) => [r.code, r]));
  assert.deepEqual([by.U.moneda, by.U.venta_act, by.U.venta_cmp, by.U.rank_venta_act, by.U.var_rank], [
    "USD",
    500,
    400,
    1,
    0,
  ]);
  near(by.U.cumpl_act, 50, 4); // 500 / 1,000
  // D sold in February 2023 only: listed, 0.00 and 0 tickets in 2024, unranked; its budget makes 0.0 %.
  assert.deepEqual([by.D.venta_act, by.D.tx_act, by.D.rank_venta_act, by.D.cumpl_act], [0, 0, null, 0]);
  assert.equal(by.C.cumpl_act, null); // no budget: empty
  assert.deepEqual(
    totals(rows).map((r) => [r.code, r.moneda, r.venta_act, r.venta_cmp]),
    [["Total S/", "PEN", 800, 550], ["Total $", "USD", 500, 400]],
  );
});

Deno.test("money: Evolución por Tienda, the dollar contract in its own total; the Diaria chart in soles", async () => {
  const f: ev.EvolutionFilters = { by: "contract", mall: 3, year: 2024, month: 2, comparisonYear: 2023 };
  const rows = await run(ev.evolutionPartitions(f), ev.evolutionSql(f, TODAY));
  assert.deepEqual(totals(rows).map((r) => [r.code, r.a11, r.b11]), [["Total S/", 800, 550], [
    "Total $",
    500,
    400,
  ]]);
  const weeks = await run(ev.evolutionPartitions(f), ev.weeklySql(f, TODAY));
  assert.deepEqual(totals(weeks).map((r) => [r.code, r.total]), [["Total S/", 800], ["Total $", 500]]);
  const days = await run(ev.evolutionPartitions(f), ev.dailySql(f, TODAY));
  assert.deepEqual([days[4].act, days[4].cmp], [300, 100]); // 5 February: A only, not U's $ 500
});

Deno.test("money: Provisión, Flash Semanal and Bitácora total each currency apart", async () => {
  const p: pv.ProvisionFilters = { mall: 3, year: 2024, month: 2, contract: "" };
  const prov = await run(pv.provisionPartitions(p), pv.provisionSql(p, TODAY));
  assert.deepEqual(totals(prov).map((r) => [r.code, r.moneda, r.real]), [["Total S/", "PEN", 800], [
    "Total $",
    "USD",
    500,
  ]]);
  const fl: fs.FlashFilters = { mall: 3, range: FEB, contract: "" };
  const weeks = await run(fs.flashPartitions(fl), fs.weeksSql(fl));
  assert.deepEqual(totals(weeks).map((r) => [r.moneda, r.venta, r.venta_anterior]), [["PEN", 800, 550], [
    "USD",
    500,
    400,
  ]]);
  const proj = await run(fs.flashPartitions(fl), fs.projectionSql(fl));
  assert.deepEqual(proj.map((r) => [r.periodo, r.moneda, r.a_la_fecha]), [
    ["Mes", "PEN", 800],
    ["Año", "PEN", 840], // January (D 40.00) and February
    ["Mes", "USD", 500],
    ["Año", "USD", 500],
  ]);
  const span = { start: "2024-02-05", end: "2024-02-07" };
  const days = await run(bt.bitacoraPartitions([3, 2], 3, span), bt.dailySalesSql(3, span));
  assert.deepEqual(days.map((d) => [d.fecha, d.venta, d.venta_usd, d.closings]), [
    ["2024-02-05", 300, 500, true],
    ["2024-02-06", 300, 0, true],
    ["2024-02-07", 200, 0, true],
  ]);
});

Deno.test("money: the national figures (dashboard, Venta General, Ventas Mensual) are the soles', the dollars apart", async () => {
  // Mall 2's E (soles) sells 1,000.00 on 5 February 2024.
  const years = await run(dash.chartPartitions([3, 2], 2024, 2023), dash.yearsSql(2024, 2023, TODAY));
  assert.deepEqual([years[1].venta_anio2, years[1].venta_anio1], [1800, 550]);
  const usd = await run(dash.chartPartitions([3, 2], 2024, 2023), dash.yearsSql(2024, 2023, TODAY, "USD"));
  assert.deepEqual([usd[1].venta_anio2, usd[1].venta_anio1], [500, 400]);
  const sector = await run(dash.chartPartitions([3, 2], 2024, 2024), dash.sectorSql(2024, TODAY));
  assert.equal(sector[1].venta_anio, 1800);

  const p = vg.period(2024, 2, TODAY);
  const malls = await run(vg.vgPartitions([3, 2], 2024), vg.perMallSql(p));
  assert.equal(malls.find((r) => r.mall_id === 3)!.acumulado_mes, 800);
  assert.equal(malls.find((r) => r.is_total)!.acumulado_mes, 1800);
  assert.deepEqual(await run(vg.vgPartitions([3, 2], 2024), vg.usdSql(p)), [{
    contracts: 1,
    mes: 500,
    anio: 500,
  }]);

  const vf: vm.Filters = { mode: "ventaMensualCerrado", comparisonYear: 2023, inflation: false, sss: false };
  const per = vm.period("ventaMensualCerrado", "2024-03-10", 2023);
  const parts = vm.vmPartitions([3, 2], per, 2023);
  const summary = await run(parts, vm.perMallSql(vf, per));
  assert.deepEqual(
    summary.filter((r) => r.mall_id === 3 || r.is_total).map((r) => [r.name, r.act, r.cmp]),
    [["Santa Anita", 800, 550], ["Total", 1800, 550]],
  );
  assert.deepEqual(await run(parts, vm.usdSql(vf, per)), [{ contracts: 1, act: 500, cmp: 400 }]);
});

Deno.test("Afluencia Diaria: the comparison year equal to the report year counts each day once", async () => {
  const traffic = await fixtureDb("2024-03-01");
  try {
    const f = {
      mall: 3,
      zone: "Perimetro" as const,
      year: 2024,
      month: 2,
      comparisonYear: 2024,
      today: "2024-03-01",
    };
    const rows = await traffic.rows(af.trafficPartitions("peatonal", [2024]), af.dailySql("peatonal", f));
    const d28 = rows.find((r) => r.dia === 28)!;
    assert.deepEqual([d28.actual, d28.calendario, d28.semana], [900, 900, 900]);
    const total = rows.find((r) => r.is_total)!;
    assert.deepEqual([total.actual, total.calendario], [1900, 1900]); // 28 Feb 900 + 29 Feb 1,000
  } finally {
    traffic.close();
  }
});

Deno.test("exports: a number is written as the screen rounds it", () => {
  assert.equal(shownNumber(4688019.000000001, 2), 4688019);
  assert.equal(shownNumber(126.35660910929032, 1), 126.4);
  assert.equal(shownNumber(85.5, 4), 85.5);
  assert.equal(shownNumber(-0.001, 2), 0);
  assert.equal(shownNumber(12.3456, undefined), 12.3456);
});
