import assert from "node:assert/strict";
import {
  monthlyRankSql,
  monthsShown,
  type RankFilters,
  rankPartitions,
  yearlyRankSql,
} from "../../web/src/reports/rank-ventas/report.ts";
import { near } from "./fixture.ts";
import { rankingDb, sales } from "./rankings_fixture.ts";

// Today 15 July 2024: the year 2024 shows January to July.
const TODAY = "2024-07-15";
const db = await rankingDb(TODAY, {
  // March 2024: C sells 50.00, A registers a closing of 0.00.
  sales_daily: sales([[32, "2024-03-03", 5_000, 1], [30, "2024-03-04", 0, 0]]),
});
const feb: RankFilters = { mode: "mensual", year: 2024, month: 2, mall: 3, cebe: "" };
const run = <R>(f: RankFilters, s: { sql: string; row?: R }) => db.rows(rankPartitions(f.mall, f.year), s);

Deno.test("Ranking de Ventas, Mensual: ties share a rank (1, 1, 3), with the contract's columns and totals", async () => {
  const rows = await run(feb, monthlyRankSql(feb, TODAY));
  assert.deepEqual(
    rows.map((r) => [r.ranking, r.code, r.venta, r.transacciones, r.rubro, r.cebe]),
    [[1, "A", 300, 10, "Moda", "M1"], [1, "B", 300, 10, "Moda", "M1"], [3, "C", 200, 20, "Comida", "F1"], [
      null,
      "Total S/",
      800,
      40,
      "",
      "",
    ]],
  );
  assert.equal(rows[0].objetos, "OBJ-A");
  assert.equal(rows[0].comercial, "Ejecutivo A");
  near(rows[3].area, 250, 4);
});

Deno.test("Ranking de Ventas, Mensual: a CeBe filter; a contract with closings of 0.00 is last and unranked", async () => {
  const f = { ...feb, cebe: "F1" };
  const rows = await run(f, monthlyRankSql(f, TODAY));
  assert.deepEqual(rows.map((r) => [r.ranking, r.code]), [[1, "C"], [null, "Total S/"]]);
  const march = { ...feb, month: 3 };
  const m = await run(march, monthlyRankSql(march, TODAY));
  assert.deepEqual(m.map((r) => [r.ranking, r.code, r.venta]), [[1, "C", 50], [null, "A", 0], [
    null,
    "Total S/",
    50,
  ]]);
  near(m[2].area, 100, 4); // only C sold
});

Deno.test("Ranking de Ventas, Anual: months to July, a contract closed in June, ranked by the total", async () => {
  assert.equal(monthsShown(2024, TODAY), 7);
  assert.equal(monthsShown(2023, TODAY), 12);
  const f: RankFilters = { ...feb, mode: "anual" };
  const rows = await run(f, yearlyRankSql(f, TODAY));
  assert.deepEqual(rows.map((r) => [r.ranking, r.code, r.total]), [
    [1, "A", 300],
    [1, "B", 300],
    [3, "C", 250],
    [4, "D", 100],
    [null, "Total S/", 950],
  ]);
  const d = rows.find((r) => r.code === "D")!;
  assert.deepEqual([d.m1, d.m2, d.m6, d.m7], [40, null, 60, null]);
  const t = rows.find((r) => r.is_total)!;
  assert.deepEqual([t.m1, t.m2, t.m3, t.m6], [40, 800, 50, 60]);
});

Deno.test("Ranking de Ventas, Anual por M2: each month over the area of those that sold in it", async () => {
  const f: RankFilters = { ...feb, mode: "anualM2" };
  const rows = await run(f, yearlyRankSql(f, TODAY));
  // B 300 / 50 = 6, A 3, C 250 / 100 = 2.5, D 100 / 40 = 2.5 (a tie).
  assert.deepEqual(rows.map((r) => [r.ranking, r.code]), [[1, "B"], [2, "A"], [3, "C"], [3, "D"], [
    null,
    "Total S/",
  ]]);
  near(rows[0].total, 6, 4);
  near(rows[0].m2, 6, 4);
  assert.equal(rows[1].m3, null); // A closed March at 0.00: no sales, no area, no figure
  const t = rows[4];
  near(t.m1, 40 / 40, 4); // only D sold in January
  near(t.m2, 800 / 250, 4);
  near(t.m3, 50 / 100, 4); // A's 0.00 adds no area
  near(t.area, 290, 4);
  near(t.total, 950 / 290, 4);
});
