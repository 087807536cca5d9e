import assert from "node:assert/strict";
import {
  contractsSql,
  contractsTotalSql,
  type DcFilters,
  dcPartitions,
  type DcRow,
  diarioSql,
} from "../../web/src/reports/diario-comparativo/report.ts";
import { monthOfYesterday, sameYearRange } from "../../web/src/reports/shared/range-search.ts";
import { near } from "./fixture.ts";
import { fixtureDbB, INFL_12, MALLS_B } from "./fixture_sales_b.ts";

const db = await fixtureDbB();
const feb: DcFilters = {
  mall: 3,
  inflation: false,
  sss: false,
  range: { start: "2024-02-01", end: "2024-02-29" },
  comparisonYear: 2023,
};
const run = (f: DcFilters) => db.rows(dcPartitions(MALLS_B, f), diarioSql(f));
const byName = (rows: DcRow[]) => Object.fromEntries(rows.map((r) => [r.categoria, r]));

Deno.test("Diario Comparativo: per CeBe, a leap February against February of the year before; dollars apart", async () => {
  const rows = await run(feb);
  assert.deepEqual(rows.map((r) => [r.is_total, r.categoria]), [
    [0, "Cines ($)"],
    [0, "Comida"],
    [0, "Moda Mujer"],
    [1, "Total"],
    [2, "Total $"],
  ]);
  const r = byName(rows);
  // C10: 100 + 50 (29 Feb) against 80 + 20 (1 to 28 Feb 2023).
  near(r["Moda Mujer"].ventas_act, 150);
  near(r["Moda Mujer"].ventas_cmp, 100);
  near(r["Moda Mujer"].cumplimiento_ventas, 150, 4);
  near(r["Moda Mujer"].superf_vta_act, 100, 4);
  near(r["Moda Mujer"].vta_m2_act, 1.5, 4);
  near(r["Moda Mujer"].vta_m2_cmp, 1, 4);
  near(r["Moda Mujer"].cumplimiento_ventas_m2, 150, 4);
  near(r.Comida.cumplimiento_ventas, 75, 4);
  // The dollar contract: its own row and total, never in the soles total.
  assert.equal(r["Cines ($)"].moneda, "USD");
  near(r["Cines ($)"].ventas_act, 500);
  near(r["Total $"].ventas_cmp, 400);
  // The total from the sums: 180 / 140, areas 150 / 150.
  near(r.Total.ventas_act, 180);
  near(r.Total.ventas_cmp, 140);
  near(r.Total.cumplimiento_ventas, 180 / 140 * 100, 4);
  near(r.Total.superf_vta_act, 150, 4);
  near(r.Total.vta_m2_act, 1.2, 4);
  near(r.Total.vta_m2_cmp, 140 / 150, 4);
  near(r.Total.cumplimiento_ventas_m2, (1.2 / (140 / 150)) * 100, 4);
});

Deno.test("Diario Comparativo: 'Inflación' brings February 2023 to 2024 prices (12 months of 1 %)", async () => {
  const r = byName(await run({ ...feb, inflation: true }));
  near(r["Moda Mujer"].ventas_act, 150);
  near(r["Moda Mujer"].ventas_cmp, 100 * INFL_12, 4);
  near(r.Total.ventas_cmp, 140 * INFL_12, 4);
  near(r.Total.cumplimiento_ventas, 180 / (140 * INFL_12) * 100, 4);
});

Deno.test("Diario Comparativo: a contract opened inside the range, SSS off and on", async () => {
  const aqp = { ...feb, mall: 2 };
  const off = byName(await run(aqp));
  // C21 opened on 10 Feb 2024: sales 60, nothing the year before.
  near(off.Comida.ventas_act, 60);
  near(off.Comida.ventas_cmp, 0);
  assert.equal(off.Comida.cumplimiento_ventas, null);
  near(off.Comida.superf_vta_cmp, 0, 4);
  near(off.Total.ventas_act, 260);
  near(off.Total.superf_vta_act, 280, 4);
  near(off.Total.superf_vta_cmp, 200, 4);
  const on = await run({ ...aqp, sss: true });
  assert.deepEqual(on.map((r) => r.categoria), ["Moda Mujer", "Total"]);
  near(on[1].ventas_act, 200);
  near(on[1].ventas_cmp, 100);
  near(on[1].superf_vta_act, 200, 4);
});

Deno.test("Diario Comparativo: a range at a year's edge leaves out the last day of the year before", async () => {
  const r = byName(await run({ ...feb, range: { start: "2024-01-01", end: "2024-01-05" } }));
  near(r.Total.ventas_act, 30);
  near(r.Total.ventas_cmp, 15); // 3 Jan 2023; 31 Dec 2023 is in neither period
});

Deno.test("Diario Comparativo: the contracts behind a row and behind the total", async () => {
  const f = { ...feb, mall: 0 };
  const moda = await db.rows(dcPartitions(MALLS_B, f), contractsSql(f, "M1", "PEN"));
  assert.deepEqual(moda.map((r) => [r.contrato, r.ventas_act]), [["C20", 200], ["C10", 150], ["C30", 90]]);
  const all = await db.rows(dcPartitions(MALLS_B, f), contractsSql(f, null, "PEN"));
  const rows = byName(await run(f));
  near(all.reduce((s, r) => s + Number(r.ventas_act), 0), Number(rows.Total.ventas_act));
});

Deno.test("Diario Comparativo: a range from the URL is kept only within one year, from 2017, to yesterday", () => {
  const fallback = monthOfYesterday("2024-03-01");
  assert.deepEqual(fallback, { start: "2024-02-01", end: "2024-02-29" });
  const last = "2024-02-29";
  assert.deepEqual(sameYearRange("2024-01-01", "2024-01-31", last, fallback), {
    start: "2024-01-01",
    end: "2024-01-31",
  });
  for (
    const [a, b] of [
      ["2023-12-20", "2024-01-10"],
      ["2016-12-01", "2016-12-31"],
      ["2024-02-01", "2024-03-01"],
      [
        "2024-02-10",
        "2024-02-01",
      ],
      [undefined, "2024-01-31"],
    ]
  ) {
    assert.deepEqual(sameYearRange(a, b, last, fallback), fallback, `${a}..${b}`);
  }
});

Deno.test("Diario Comparativo: the drill-down's totals row, per currency, equals the report's", async () => {
  const f = { ...feb, mall: 0 };
  const parts = dcPartitions(MALLS_B, f);
  // The CeBe M1: C20 200 + C10 150 + C30 90.
  const [moda] = await db.rows(parts, contractsTotalSql(f, "M1", "PEN"));
  assert.equal(moda.contrato, "Total");
  near(moda.ventas_act as number, 440);
  const rows = byName(await run(f));
  const [pen] = await db.rows(parts, contractsTotalSql(f, null, "PEN"));
  for (const k of ["ventas_act", "ventas_cmp", "superf_vta_act", "superf_vta_cmp"] as const) {
    near(Number(pen[k]), Number(rows.Total[k]), 4);
  }
  const [usd] = await db.rows(parts, contractsTotalSql(f, null, "USD"));
  assert.equal(usd.contrato, "Total $");
  near(Number(usd.ventas_act), Number(rows["Total $"].ventas_act), 4);
});
