import assert from "node:assert/strict";
import {
  type RankingFilters,
  rankingPartitions,
  rankingSql,
} from "../../web/src/reports/ranking-mall/report.ts";
import { rankBy } from "../../web/src/reports/shared/sums.ts";
import { contractCurveSql } from "../../web/src/reports/shared/contract-curve.ts";
import { contractRow, rankingDb, sales, withRows } from "./rankings_fixture.ts";
import { fixtureDb, near } from "./fixture.ts";

const db = await rankingDb();
const feb: RankingFilters = {
  mall: 3,
  inflation: false,
  act: { start: "2024-02-01", end: "2024-02-29" },
  comparisonYear: 2023,
};
const run = (f: RankingFilters) => db.rows(rankingPartitions(f.mall, 2024, f.comparisonYear), rankingSql(f));

Deno.test("Ranking por Mall: rankBy ranks as SQL's rank() over the rows that qualify", () => {
  // [value, qualifies, expected rank]: highest first; equal to 6 decimals is a tie (1, 2, 2, 4); an empty
  // value after every other; a row that does not qualify has no rank.
  const table: [number | null, boolean, number | null][] = [
    [10, true, 1],
    [7.0000001, true, 2],
    [7.0000004, true, 2],
    [5, true, 4],
    [null, true, 5],
    [null, true, 5],
    [99, false, null],
  ];
  const rows = table.map(([value, ok]) => ({ value, ok }));
  const rank = rankBy(rows, (r) => r.ok, (r) => r.value);
  assert.deepEqual(rows.map(rank), table.map(([, , want]) => want));
});

Deno.test("Ranking por Mall: ties share a rank and the next skips; a contract without sales in a year is last, unranked", async () => {
  const rows = await run(feb);
  const body = rows.filter((r) => !r.is_total);
  // A and B tie in 2024 (1, 1, 3); B goes first on its 2023 rank; D sold only in 2023; E is of mall 2.
  assert.deepEqual(body.map((r) => r.code), ["B", "A", "C", "D"]);
  assert.deepEqual(body.map((r) => [r.rank_venta_act, r.rank_venta_cmp, r.var_rank]), [
    [1, 1, 0],
    [1, 3, 2],
    [3, 1, -2],
    [null, 4, null],
  ]);
  // Per m2 (the area counts where the contract sold): B 6, A 3, C 2 | B 4, C 2, D 1.25, A 1.
  assert.deepEqual(body.map((r) => [r.rank_m2_act, r.rank_m2_cmp]), [[1, 1], [2, 4], [3, 2], [null, 3]]);
  near(body[3].m2_cmp, 1.25, 4);
  assert.equal(body[3].m2_act, null);
  // Tickets: C 20, A and B 10 (2, 2) | C 7, B 6, A 5, D 1.
  assert.deepEqual(body.map((r) => [r.rank_tx_act, r.rank_tx_cmp]), [[2, 2], [2, 3], [1, 1], [null, 4]]);
  // Fulfilment: B 100 %, A 300 / 580 | B 200 %, A 50 %; C has no budget, D no sales in 2024.
  near(body[0].cumpl_act, 100, 4);
  near(body[1].cumpl_act, 30000 / 580, 4);
  near(body[1].cumpl_cmp, 50, 4);
  assert.deepEqual(body.map((r) => [r.rank_cumpl_act, r.rank_cumpl_cmp]), [[1, 1], [2, 2], [null, null], [
    null,
    null,
  ]]);
  const t = rows.find((r) => r.is_total)!;
  near(t.venta_act, 800);
  near(t.venta_cmp, 550);
  near(t.area, 250, 4);
  near(t.m2_act, 3.2, 4);
  near(t.m2_cmp, 550 / 290, 4);
  near(t.tx_act, 40, 0);
  near(t.tx_cmp, 19, 0);
  near(t.cumpl_act, 800 / 880 * 100, 4);
  assert.equal(t.rank_venta_act, null);
});

Deno.test("Ranking por Mall: a local without area (0) has no figure per m2 and no rank by it, in SQL and locally", async () => {
  // F (area 0) sells 100.00 in February 2024; the others keep their ranks per m2 (B 6, A 3, C 2).
  const withF = withRows({
    contracts: [contractRow(35, "F", 3, "Tienda F", 1, "M1", "Moda", 0)],
    sales_daily: sales([[35, "2024-02-08", 10_000, 1]]),
  });
  const zero = await fixtureDb("2024-07-15", withF);
  try {
    const rows = await zero.rows(rankingPartitions(3, 2024, 2023), rankingSql(feb));
    const f = rows.find((r) => r.code === "F")!;
    assert.equal(f.m2_act, null);
    assert.equal(f.rank_m2_act, null);
    assert.equal(f.rank_venta_act, 4);
    const ranks = Object.fromEntries(rows.filter((r) => !r.is_total).map((r) => [r.code, r.rank_m2_act]));
    assert.deepEqual(ranks, { A: 2, B: 1, C: 3, D: null, F: null });
    // The total per m2: 900.00 over the area of those that sold (A, B, C: 250; F adds 0).
    near(rows.find((r) => r.is_total)!.m2_act, 3.6, 4);
  } finally {
    zero.close();
  }
});

Deno.test("Ranking por Mall: inflation adjusts the comparison sales (12 months of 1 %), not the fulfilment", async () => {
  const rows = await run({ ...feb, inflation: true });
  const f = 1.01 ** 12;
  const a = rows.find((r) => r.code === "A")!;
  near(a.venta_cmp, 100 * f, 4);
  near(a.m2_cmp, f, 4);
  near(a.cumpl_cmp, 50, 4);
  near(a.venta_act, 300);
  near(rows.find((r) => r.is_total)!.venta_cmp, 550 * f, 4);
  const off = await run(feb);
  near(off.find((r) => r.code === "A")!.venta_cmp, 100);
});

Deno.test("Ranking por Mall: a partial range prorates the month's budget by its days", async () => {
  const rows = await run({ ...feb, act: { start: "2024-02-01", end: "2024-02-05" } });
  assert.deepEqual(rows.filter((r) => !r.is_total).map((r) => r.code), ["A"]);
  near(rows[0].cumpl_act, 300 / (580 * 5 / 29) * 100, 4); // 5 of February's 29 days
  near(rows[0].venta_cmp, 100);
  near(rows[0].cumpl_cmp, 100 / (200 * 5 / 28) * 100, 4);
});

Deno.test("contract curve: per month of both years, and per day of a month", async () => {
  const parts = rankingPartitions(3, 2024, 2023);
  const months = await db.rows(parts, contractCurveSql(33, 2024, 2023, null));
  assert.equal(months.length, 12);
  assert.deepEqual(months.slice(0, 7).map((m) => [m.x, m.act, m.cmp]), [
    [1, 40, null],
    [2, null, 50],
    [3, null, null],
    [4, null, null],
    [5, null, null],
    [6, 60, null],
    [7, null, null],
  ]);
  const days = await db.rows(parts, contractCurveSql(30, 2024, 2023, 2));
  assert.equal(days.length, 31);
  assert.deepEqual([days[4].act, days[4].cmp], [300, 100]);
});
