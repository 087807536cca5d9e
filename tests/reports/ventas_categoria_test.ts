import assert from "node:assert/strict";
import {
  categoriesSql,
  type CatFilters,
  catPartitions,
  contractsSql,
} from "../../web/src/reports/ventas-categoria/report.ts";
import { near } from "./fixture.ts";
import { INFLATION_FEB, salesFixtureDb } from "./sales_a_fixture.ts";

const db = await salesFixtureDb();
const FEB: CatFilters = {
  type: "General",
  mall: 3,
  span: { start: "2024-02-01", end: "2024-02-29" },
  comparisonYear: 2023,
  inflation: false,
};
const parts = catPartitions([3], 2024, 2023);
const byName = <T extends { categoria: string }>(rows: T[]) =>
  Object.fromEntries(rows.map((r) => [r.categoria, r]));

Deno.test("Ventas por Categoría: General, February 2024 against 1–28 Feb 2023, soles contracts only", async () => {
  const { Moda, Comida, Total } = byName(await db.rows(parts, categoriesSql(FEB)));
  // Moda: C10 only (C12 is a dollar contract): 150 against 80 + 20.
  near(Moda.act, 150);
  near(Moda.cmp, 100);
  near(Moda.diff, 50);
  near(Moda.pct, 50, 4);
  near(Moda.act_m2, 1.5, 4);
  near(Moda.cmp_m2, 1, 4);
  // Comida: C11 (30 against 40) and C13, opened on 20 Feb 2024 (100 against nothing; its area only in 2024).
  near(Comida.act, 130);
  near(Comida.cmp, 40);
  near(Comida.pct, 225, 4);
  near(Comida.area_act, 110, 4);
  near(Comida.area_cmp, 50, 4);
  near(Comida.act_m2, 130 / 110, 4);
  near(Comida.pct_m2, (130 / 110) / 0.8 * 100 - 100, 4);
  // The total from the sums.
  near(Total.act, 280);
  near(Total.cmp, 140);
  near(Total.pct, 100, 4);
  near(Total.act_m2, 280 / 210, 4);
  near(Total.cmp_m2, 140 / 150, 4);
  // The dollar contract, as the statement's last row: how many, and its sales of both periods ($).
  const usd = (await db.rows(parts, categoriesSql(FEB))).filter((r) => r.is_total === 2);
  assert.deepEqual(usd.map((r) => [r.contracts, r.act, r.cmp]), [[1, 80, 50]]);
});

Deno.test("Ventas por Categoría: SSS keeps the contracts with closings in both periods", async () => {
  const { Comida, Total } = byName(await db.rows(parts, categoriesSql({ ...FEB, type: "SSS" })));
  near(Comida.act, 30);
  near(Comida.cmp, 40);
  near(Comida.pct, -25, 4);
  near(Total.act, 180);
  near(Total.cmp, 140);
});

Deno.test("Ventas por Categoría: 'Inflación' brings February 2023 to February 2024 (12 months of 1%)", async () => {
  const { Moda, Total } = byName(await db.rows(parts, categoriesSql({ ...FEB, inflation: true })));
  near(Moda.act, 150);
  near(Moda.cmp, 100 * INFLATION_FEB);
  near(Total.cmp, 140 * INFLATION_FEB);
  near(Total.pct, (280 / (140 * INFLATION_FEB) - 1) * 100, 4);
});

Deno.test("Ventas por Categoría: the leap day has no day to compare with; a range at the year's edge", async () => {
  const leap = byName(
    await db.rows(parts, categoriesSql({ ...FEB, span: { start: "2024-02-29", end: "2024-02-29" } })),
  );
  near(leap.Total.act, 90); // C10 50 + C13 40
  near(leap.Total.cmp, 0);
  assert.equal(leap.Total.pct, null);
  const edge = byName(
    await db.rows(parts, categoriesSql({ ...FEB, span: { start: "2024-12-31", end: "2024-12-31" } })),
  );
  near(edge.Moda.act, 300);
  near(edge.Moda.cmp, 120);
  near(edge.Moda.pct, 150, 4);
});

Deno.test("Ventas por Categoría: the drill-down lists the contracts of a category and of the total", async () => {
  const rows = await db.rows(parts, contractsSql(FEB, 2));
  assert.deepEqual(rows.map((r) => [r.contrato, r.act, r.cmp]), [["C11", 30, 40], ["C13", 100, 0], [
    "Total",
    130,
    40,
  ]]);
  const all = await db.rows(parts, contractsSql(FEB, 0));
  assert.deepEqual(all.map((r) => r.contrato), ["C10", "C11", "C13", "Total"]);
  const dollars = await db.rows(parts, contractsSql(FEB, 0, "USD"));
  assert.deepEqual(dollars.map((r) => [r.contrato, r.act, r.cmp]), [["C12", 80, 50], ["Total", 80, 50]]);
});
