import assert from "node:assert/strict";
import {
  dailySql,
  type EvolutionFilters,
  evolutionPartitions,
  evolutionRows,
  evolutionSql,
  monthWeeks,
  weeklySql,
  windowMonths,
  windows,
} from "../../web/src/reports/evolucion-ventas/report.ts";
import { storeEvolutionSql } from "../../web/src/reports/evolucion-tienda/report.ts";
import { day, near } from "./fixture.ts";
import { rankingDb, sales } from "./rankings_fixture.ts";

const TODAY = "2024-10-05";
const db = await rankingDb(TODAY, {
  sales_daily: sales([
    [30, "2024-02-01", 1_000, 1], // Thursday: Semana 1 of February 2024
    [31, "2024-02-29", 2_000, 1], // Semana 5
    [30, "2024-09-01", 10_000, 1], // Sunday: Semana 1 of September 2024, which has six
    [32, "2024-09-15", 5_000, 1], // Semana 3
    [30, "2024-09-30", 20_000, 1], // Monday: Semana 6
  ]),
  budgets: [{ contract_id: 32, month: day("2024-09-01"), amount: 300 }],
});
const feb: EvolutionFilters = { by: "cebe", mall: 3, year: 2024, month: 2, comparisonYear: 2023 };
const run = <R>(f: EvolutionFilters, s: { sql: string; row?: R }) => db.rows(evolutionPartitions(f), s);

Deno.test("Evolución: the 12 months to the closing month and the comparison window", () => {
  assert.deepEqual(windowMonths(2024, 2)[0], { year: 2023, month: 3 });
  assert.deepEqual(windowMonths(2024, 12)[0], { year: 2024, month: 1 });
  assert.deepEqual(windows(feb, TODAY), {
    act: { start: "2023-03-01", end: "2024-02-29" },
    cmp: { start: "2022-03-01", end: "2023-02-28" },
    shift: 1,
  });
  // A running month ends yesterday.
  assert.deepEqual(windows({ ...feb, month: 10 }, TODAY).act, { start: "2023-11-01", end: "2024-10-04" });
});

Deno.test("Evolución por CEBE: sales per month of both years, fulfilment against the budgets", async () => {
  const rows = await run(feb, evolutionSql(feb, TODAY));
  assert.deepEqual(rows.map((r) => r.code), ["M1", "F1", "Total S/"]);
  const [m1, f1, t] = rows;
  near(m1.a0, 999); // 1 March 2023, A
  near(m1.a11, 630); // February 2024: A 300 + 10, B 300 + 20
  near(m1.a_tot, 1629);
  near(m1.b11, 300); // February 2023: A 100, B 200
  assert.equal(m1.b0, null);
  near(m1.ca11, 630 / 880 * 100, 4); // budgets A 580, B 300
  near(m1.cb11, 100, 4); // 300 / (200 + 100)
  assert.equal(m1.ca0, null); // no budget
  near(f1.a10, 40); // D, January 2024
  near(f1.a11, 200);
  near(f1.b11, 250); // C 200, D 50
  assert.equal(f1.ca11, null);
  near(t.a11, 830);
  near(t.b11, 550);
  near(t.a_tot, 1869);
  near(t.ca11, 830 / 880 * 100, 4);
});

Deno.test("Evolución por Tienda: a contract that closed in June 2024 has no months after it", async () => {
  const f: EvolutionFilters = { ...feb, by: "contract", month: 9 };
  const rows = await run(f, storeEvolutionSql(f, TODAY));
  const d = rows.find((r) => r.code === "D")!;
  assert.equal(d.name, "Tienda D");
  // October 2023 .. September 2024: January (3) and June (8); the comparison window's February 2023 (4).
  assert.deepEqual([d.a3, d.a8, d.a9, d.a10, d.a11, d.b4], [40, 60, null, null, null, 50]);
  const c = rows.find((r) => r.code === "C")!;
  near(c.ca11, 50 / 300 * 100, 4); // a whole past month: the whole budget
});

Deno.test("Evolución: the running month's budget counts the days reported", async () => {
  const f: EvolutionFilters = { ...feb, by: "contract", month: 9 };
  const rows = await run(f, evolutionSql(f, "2024-09-16")); // to 15 September: 15 of 30 days
  near(rows.find((r) => r.code === "C")!.ca11, 50 / 150 * 100, 4);
});

Deno.test("Desglose: calendar weeks of the closing month, five in February 2024 and six in September 2024", async () => {
  assert.deepEqual(monthWeeks(2024, 2).map((w) => [w.start.slice(8), w.end.slice(8)]), [
    ["01", "04"],
    ["05", "11"],
    ["12", "18"],
    ["19", "25"],
    ["26", "29"],
  ]);
  assert.equal(monthWeeks(2024, 9).length, 6);
  const rows = await run(feb, weeklySql(feb, TODAY));
  const m1 = rows.find((r) => r.code === "M1")!;
  assert.deepEqual([m1.w1, m1.w2, m1.w3, m1.w4, m1.w5, m1.w6, m1.total], [
    10,
    600,
    null,
    null,
    20,
    null,
    630,
  ]);
  const sep = { ...feb, month: 9, by: "contract" as const };
  const s = await run(sep, weeklySql(sep, TODAY));
  const a = s.find((r) => r.code === "A")!;
  assert.deepEqual([a.w1, a.w6, a.total], [100, 200, 300]);
  const t = s.find((r) => r.is_total)!;
  assert.deepEqual([t.w1, t.w2, t.w3, t.w6, t.total], [100, null, 50, 200, 350]);
});

Deno.test("Evolución Diaria: the mall's sales per day of the closing month in both years", async () => {
  const rows = await run(feb, dailySql(feb, TODAY));
  assert.equal(rows.length, 29);
  assert.deepEqual([rows[0].act, rows[4].act, rows[4].cmp, rows[28].act, rows[28].cmp], [
    10,
    300,
    100,
    20,
    null,
  ]);
});

Deno.test("Evolución: the grouped months become the report's rows as the SQL pivot made them", () => {
  const cell = (
    id: number,
    code: string,
    idx: number,
    av: number | null,
    bv: number | null,
    ab: number | null,
  ) => ({
    id,
    code,
    name: `Tienda ${code}`,
    moneda: "PEN",
    idx,
    av,
    bv,
    ab,
    bb: null,
  });
  const rows = evolutionRows([
    cell(1, "B", 0, 100, null, 200),
    cell(1, "B", 11, 50, 40, 0), // a budget of 0: no fulfilment
    cell(2, "A", 3, 150, null, null),
    cell(3, "C", 11, null, null, 500), // a budget and no sales in either year: left out, counted in the total
    cell(4, "D", 5, null, 70, null), // sales the year before only: last (no sales this year)
  ]);
  assert.deepEqual(rows.map((r) => [r.code, r.is_total]), [["A", 0], ["B", 0], ["D", 0], ["Total S/", 1]]);
  const [a, b, d, t] = rows;
  assert.deepEqual([b.a0, b.a11, b.a_tot, b.b11, b.b_tot, b.b0], [100, 50, 150, 40, 40, null]);
  assert.deepEqual([b.ca0, b.ca11, b.ca_tot], [50, null, 75]); // 150 / (200 + 0)
  assert.deepEqual([a.a3, a.ca3, a.ca_tot], [150, null, null]);
  assert.deepEqual([d.a_tot, d.b5, d.b_tot], [null, 70, 70]);
  assert.deepEqual([t.a0, t.a11, t.a_tot, t.b_tot, t.ca11, t.cb11], [100, 50, 300, 110, 10, null]); // 50 / 500
  near(t.ca_tot, 300 / 700 * 100, 4);
});

Deno.test("Evolución: a dollar contract's months are its own row and its own total, never added to soles", () => {
  const rows = evolutionRows([
    { id: 1, code: "A", name: "Tienda A", moneda: "PEN", idx: 11, av: 100, bv: 80, ab: 200, bb: null },
    { id: 2, code: "U", name: "Tienda U", moneda: "USD", idx: 11, av: 30, bv: 20, ab: 60, bb: null },
  ]);
  assert.deepEqual(rows.map((r) => [r.code, r.moneda, r.is_total, r.a11, r.b11, r.ca11]), [
    ["A", "PEN", 0, 100, 80, 50],
    ["U", "USD", 0, 30, 20, 50],
    ["Total S/", "PEN", 1, 100, 80, 50],
    ["Total $", "USD", 2, 30, 20, 50],
  ]);
});
