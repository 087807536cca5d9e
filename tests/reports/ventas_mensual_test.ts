import assert from "node:assert/strict";
import type { Statement } from "../../web/src/analytics/connector.ts";
import {
  contractsSql,
  dailySql,
  type Filters,
  type MonthPeriod,
  perCategorySql,
  period,
  perMallSql,
  type SummaryRow,
  vmPartitions,
} from "../../web/src/reports/ventas-mensual/report.ts";
import { fixtureDb, MALLS, near } from "./fixture.ts";

const db = await fixtureDb();
const base: Filters = { mode: "ventaMensual", comparisonYear: 2023, inflation: false, sss: false };
const byMall = (rows: SummaryRow[], code: string) => rows.find((r) => r.code === code)!;
const total = (rows: SummaryRow[]) => rows.find((r) => r.is_total === 1)!;
/** A statement of the screen, on the screen's partitions for the period and comparison year. */
const run = <R>(p: MonthPeriod, y1: number, statement: Statement<R>) =>
  db.rows(vmPartitions(MALLS, p, y1), statement);

Deno.test("Ventas Mensual: month to yesterday (29 Feb 2024) against the same days of 2023, per mall", async () => {
  const p = period("ventaMensual", "2024-03-01", 2023);
  assert.deepEqual([p.act, p.cmp], [{ start: "2024-02-01", end: "2024-02-29" }, {
    start: "2023-02-01",
    end: "2023-02-28",
  }]);
  const rows = await run(p, 2023, perMallSql(base, p));
  assert.deepEqual(rows.map((r) => r.name), ["Santa Anita", "Arequipa", "Total"]);
  const asa = byMall(rows, "ASA");
  near(asa.act, 180, 2, "ASA act"); // 100 + 50 (29 Feb) + 30
  near(asa.cmp, 140, 2, "ASA cmp"); // 80 + 20 + 40; 1 Mar 2023 is out
  near(asa.diff, 40);
  near(asa.pct, 28.5714, 4);
  near(asa.act_m2, 1.2, 4); // 180 / (100 + 50)
  near(asa.cmp_m2, 140 / 150, 4);
  const aqp = byMall(rows, "AQP");
  near(aqp.act, 260);
  near(aqp.area_act, 280); // C20 and the new C21
  near(aqp.area_cmp, 200); // only C20 sold in 2023
  const t = total(rows);
  near(t.act, 440);
  near(t.cmp, 240);
  near(t.pct, 83.3333, 4); // from the sums, not the mean of the malls
  near(t.act_m2, 440 / 430, 6);
  near(t.cmp_m2, 240 / 350, 6);
  near(t.pct_m2, ((440 / 430) / (240 / 350)) * 100 - 100, 4);
});

Deno.test("Ventas Mensual: SSS keeps only contracts with closings in both periods", async () => {
  const rows = await run(
    period("ventaMensual", "2024-03-01", 2023),
    2023,
    perMallSql({ ...base, sss: true }, period("ventaMensual", "2024-03-01", 2023)),
  );
  near(byMall(rows, "AQP").act, 200); // C21 had no closing in 2023
  near(byMall(rows, "AQP").area_act, 200);
  near(total(rows).act, 380);
  near(total(rows).pct, (380 - 240) / 240 * 100, 4);
});

Deno.test("Ventas Mensual: inflation brings February 2023 to February 2024 (12 months of 1%)", async () => {
  const rows = await run(
    period("ventaMensual", "2024-03-01", 2023),
    2023,
    perMallSql({ ...base, inflation: true }, period("ventaMensual", "2024-03-01", 2023)),
  );
  const f = 1.01 ** 12;
  near(total(rows).cmp, 240 * f, 4);
  near(byMall(rows, "ASA").cmp, 140 * f, 4);
  near(total(rows).act, 440); // the report year is never adjusted
  // The comparison year after the report year: no adjustment.
  const later = await run(
    period("ventaMensual", "2024-03-01", 2025),
    2025,
    perMallSql(
      { ...base, inflation: true, comparisonYear: 2025 },
      period("ventaMensual", "2024-03-01", 2025),
    ),
  );
  near(total(later).cmp, 70);
});

Deno.test("Ventas Mensual: a whole month against the whole month, 29 February included; a running one on the same days", async () => {
  // The whole February 2025 (to the 28th, its last day) against the whole February 2024: 29 Feb 2024 (50.00)
  // counts (docs/metrics.md, Periods).
  const p = period("ventaMensual", "2025-03-01", 2024);
  assert.deepEqual(p.cmp, { start: "2024-02-01", end: "2024-02-29" });
  const rows = await run(p, 2024, perMallSql({ ...base, comparisonYear: 2024 }, p));
  near(byMall(rows, "ASA").act, 70);
  near(byMall(rows, "ASA").cmp, 180); // 100 + 50 + 30
  // To 27 February 2025 (running): the same days of 2024, 1 to 27 February.
  assert.deepEqual(period("ventaMensual", "2025-02-28", 2024).cmp, {
    start: "2024-02-01",
    end: "2024-02-27",
  });
});

Deno.test("Ventas Mensual: a closed month without data gives zeros and no percentage", async () => {
  const p = period("ventaMensualCerrado", "2024-05-10", 2023);
  assert.deepEqual(p.act, { start: "2024-04-01", end: "2024-04-30" });
  const rows = await run(p, 2023, perMallSql({ ...base, mode: "ventaMensualCerrado" }, p));
  assert.equal(rows.length, 3);
  near(total(rows).act, 0);
  near(total(rows).cmp, 0);
  assert.equal(total(rows).pct, null);
  assert.equal(total(rows).act_m2, null);
});

Deno.test("Ventas Mensual: per category for 'Todas' (0) and for one mall, and the contracts modal", async () => {
  const p = period("ventaMensual", "2024-03-01", 2023);
  const all = await run(p, 2023, perCategorySql(base, p, 0));
  assert.deepEqual(all.map((r) => r.category), ["Comida", "Moda", "Total"]);
  near(all[1].act, 350); // 150 (C10) + 200 (C20)
  near(all[0].act, 90); // 30 (C11) + 60 (C21)
  near(all[2].act, 440);
  const asa = await run(p, 2023, perCategorySql(base, p, 3));
  near(asa.find((r) => r.category === "Moda")!.act, 150);
  near(asa.find((r) => r.category === "Comida")!.cmp, 40);
  near(asa.find((r) => r.is_total === 1)!.act, 180);
  const contracts = await run(p, 2023, contractsSql(base, p, 0, 2));
  assert.deepEqual(contracts.map((r) => [r.contrato, r.denominacion, r.area_local]), [
    ["C11", "Tienda Once", 50],
    ["C21", "Tienda Veintiuno", 80],
  ]);
});

Deno.test("Ventas Mensual: daily evolution by day of the month for a mall and category", async () => {
  const p = period("ventaMensual", "2024-03-01", 2023);
  const rows = await run(p, 2023, dailySql(base, p, 3, 1));
  assert.deepEqual(rows.map((r) => [r.dia, r.act, r.cmp]), [[1, 100, 80], [28, null, 20], [29, 50, null]]);
  const all = await run(p, 2023, dailySql(base, p, 0, 0));
  near(all.reduce((n, r) => n + Number(r.act ?? 0), 0), 440);
});
