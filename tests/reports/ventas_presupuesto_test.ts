import assert from "node:assert/strict";
import {
  closingsSql,
  presupuestoSql,
  type VpFilters,
  vpPartitions,
  vpPeriod,
  type VpRow,
} from "../../web/src/reports/ventas-presupuesto/report.ts";
import { near } from "./fixture.ts";
import { fixtureDbB, INFL_12, MALLS_B } from "./fixture_sales_b.ts";

const db = await fixtureDbB();
const feb: VpFilters = { mall: 3, inflation: false, year: 2024, month: 2, comparisonYear: 2023 };
const run = (f: VpFilters, today = "2024-03-01") =>
  db.rows(vpPartitions(MALLS_B, f), presupuestoSql(f, vpPeriod(f, today)));
const byCode = (rows: VpRow[]) => Object.fromEntries(rows.map((r) => [r.contrato, r]));

Deno.test("Ventas Presupuesto: a past leap February per contract against its budget; dollars apart", async () => {
  assert.deepEqual(vpPeriod(feb, "2024-03-01"), {
    act: { start: "2024-02-01", end: "2024-02-29" },
    cmp: { start: "2023-02-01", end: "2023-02-28" },
  });
  const rows = await run(feb);
  assert.deepEqual(rows.map((r) => [r.is_total, r.contrato]), [
    [0, "C10"],
    [0, "C11"],
    [0, "C12"],
    [1, "Total S/"],
    [2, "Total $"],
  ]);
  const r = byCode(rows);
  assert.deepEqual(
    [r.C10.venta_act, r.C10.venta_cmp, r.C10.presupuesto_act, r.C10.presupuesto_cmp],
    [150, 100, 300, 250],
  );
  near(r.C10.diferencia, -150);
  near(r.C10.porcentaje, 50, 4);
  assert.equal(r.C11.presupuesto_cmp, 0); // no budget that year: 0.00 (docs/metrics.md, Empty cells)
  near(r.C11.porcentaje, 30, 4);
  assert.equal(r.C12.moneda, "USD");
  near(r.C12.porcentaje, 500 / 600 * 100, 4);
  // Soles only in the total: 150 + 30 against 300 + 100.
  near(r["Total S/"].venta_act, 180);
  near(r["Total S/"].venta_cmp, 140);
  near(r["Total S/"].presupuesto_act, 400);
  near(r["Total S/"].presupuesto_cmp, 250);
  near(r["Total S/"].diferencia, -220);
  near(r["Total S/"].porcentaje, 45, 4);
  near(r["Total $"].venta_act, 500);
  near(r["Total $"].presupuesto_act, 600);
});

Deno.test("Ventas Presupuesto: 'Inflación' raises the comparison year's sales and budget", async () => {
  const r = byCode(await run({ ...feb, inflation: true }));
  near(r.C10.venta_act, 150);
  near(r.C10.venta_cmp, 100 * INFL_12, 4);
  near(r.C10.presupuesto_cmp, 250 * INFL_12, 4);
  near(r.C10.presupuesto_act, 300);
  near(r["Total S/"].venta_cmp, 140 * INFL_12, 4);
});

Deno.test("Ventas Presupuesto: the running month to yesterday; a contract that opened in it", async () => {
  const r = byCode(await run(feb, "2024-02-16"));
  near(r.C10.venta_act, 100); // 29 Feb not reached
  near(r.C10.venta_cmp, 80); // 1 to 15 Feb 2023
  near(r.C11.venta_act, 30);
  const aqp = byCode(await run({ ...feb, mall: 2 }));
  near(aqp.C21.venta_act, 60);
  near(aqp.C21.venta_cmp, 0);
  near(aqp.C21.porcentaje, 120, 4);
});

Deno.test("Ventas Presupuesto: a year's edge (January) and the closings behind a figure", async () => {
  const jan = { ...feb, month: 1 };
  const r = byCode(await run(jan));
  near(r.C10.venta_act, 30);
  near(r.C10.venta_cmp, 15); // 31 Dec 2023 is not January
  // No January budget: 0.00, its difference the sales, its % empty (docs/metrics.md, Empty cells).
  assert.equal(r.C10.presupuesto_act, 0);
  near(r.C10.diferencia, 30);
  assert.equal(r.C10.porcentaje, null);
  const days = await db.rows(vpPartitions(MALLS_B, feb), closingsSql(vpPeriod(feb, "2024-03-01"), "C10"));
  assert.deepEqual(days.map((d) => [d.dia, d.monto]), [
    ["2024-02-29", 50],
    ["2024-02-01", 100],
    ["2023-02-28", 20],
    ["2023-02-01", 80],
  ]);
});
