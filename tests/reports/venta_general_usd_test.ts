import assert from "node:assert/strict";
import * as vg from "../../web/src/reports/venta-general/report.ts";
import { day, fixtureDb } from "./fixture.ts";
import { contractRow, sales, withRows } from "./rankings_fixture.ts";

// Venta General's dollar note (issue 35): a dollar contract U of mall 3 sells $ 500.00 on 5 February 2024 only.
// In March the note says $ 0.00 for the month and $ 500.00 for the year, not an empty month amount.

const TODAY = "2024-07-15";
const db = await fixtureDb(
  TODAY,
  withRows({
    contracts: [{ ...contractRow(35, "U", 3, "Tienda U", 1, "M1", "Moda", 20), currency: "USD" }],
    sales_daily: sales([[35, "2024-02-05", 50_000, 4]]),
    budgets: [{ contract_id: 35, month: day("2024-02-01"), amount: 1000 }],
  }),
);

Deno.test("Venta General: the dollar contracts' month is $ 0.00 when they sold earlier in the year only", async () => {
  const rows = (m: number) => db.rows(vg.vgPartitions([3, 2], 2024), vg.usdSql(vg.period(2024, m, TODAY)));
  assert.deepEqual(await rows(2), [{ contracts: 1, mes: 500, anio: 500 }]);
  assert.deepEqual(await rows(3), [{ contracts: 1, mes: 0, anio: 500 }]);
  // None sold in January: no dollar contract to say apart (the screen says nothing).
  assert.deepEqual(await rows(1), [{ contracts: 0, mes: 0, anio: null }]);
});
