import assert from "node:assert/strict";
import { backtestSql } from "../../web/src/reports/provision-ventas/backtest.ts";
import { provisionPartitions } from "../../web/src/reports/provision-ventas/report.ts";
import { fixtureDb, near } from "./fixture.ts";
import { contractRow, sales } from "./rankings_fixture.ts";

// The provision's backtest (issue 41) on a hand-made month: mall 7 in February 2024, A selling 10.00 every
// day, B 30.00 a day to the 22nd and 60.00 a day from the 23rd (a last week the method cannot foresee).
const days = (code: number, from: number, to: number, cents: number) =>
  Array.from(
    { length: to - from + 1 },
    (_, i) => [code, `2024-02-${String(from + i).padStart(2, "0")}`, cents, 1] as const,
  );
const db = await fixtureDb("2024-03-10", {
  malls: [{ id: 7, code: "TST", name: "Prueba", sort: 1 }],
  contracts: [
    contractRow(70, "A", 7, "Tienda A", 1, "M1", "Moda", 10),
    contractRow(71, "B", 7, "Tienda B", 1, "M1", "Moda", 10),
  ],
  sales_daily: sales([...days(70, 1, 29, 1_000), ...days(71, 1, 22, 3_000), ...days(71, 23, 29, 6_000)]),
});
const run = (hide: number) =>
  db.rows(
    provisionPartitions({ mall: 7, year: 2024, month: 2, contract: "" }),
    backtestSql(7, 2024, 2, hide),
  );

Deno.test("Provisión's backtest: the last 7 days hidden are estimated by the provision's method and compared", async () => {
  const [pen] = await run(7);
  // 23 to 29 February hidden for both: estimates from the same weekdays before (A 10, B 30; no contract
  // registered those days, so the mall's trend is 1): 70 + 210 = 280 against 70 + 420 = 490.
  assert.deepEqual([pen.moneda, pen.days], ["PEN", 14]);
  near(pen.estimated, 280);
  near(pen.actual, 490);
  near(pen.month_total, 290 + 22 * 30 + 420);
  near(pen.error_pct!, (280 - 490) / 1370 * 100, 4);
  near(pen.mdape!, 25, 4); // seven days exact (A), seven 50 % off (B): the median is their mean
});

Deno.test("Provisión's backtest: one day hidden reads the week before it", async () => {
  const [pen] = await run(1);
  // 29 February hidden: A 10 (exact), B 30 from the 22nd and before against 60.
  assert.equal(pen.days, 2);
  near(pen.estimated, 40);
  near(pen.actual, 70);
});
