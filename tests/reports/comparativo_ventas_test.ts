import assert from "node:assert/strict";
import {
  comparativoSql,
  contractsSql,
  contractsTotalSql,
  type CvFilters,
  cvPartitions,
  previousOf,
} from "../../web/src/reports/comparativo-ventas/report.ts";
import { near } from "./fixture.ts";
import { fixtureDbB, MALLS_B } from "./fixture_sales_b.ts";

const db = await fixtureDbB();
const feb: CvFilters = { mall: 0, range: { start: "2024-02-01", end: "2024-02-29" } };
const run = (f: CvFilters) => db.rows(cvPartitions(MALLS_B, f.range), comparativoSql(f));

Deno.test("Comparativo de Ventas: one row per group, a column group per mall, the soles total", async () => {
  assert.deepEqual(previousOf(feb.range), { start: "2023-02-01", end: "2023-02-28" });
  const rows = await run(feb);
  assert.deepEqual(rows.map((r) => [r.is_total, r.grupo]), [[0, 1], [0, 2], [0, 3], [1, null]]);
  const [g1, g2, g3, total] = rows;
  // Group 1: C30 (CIX), C10 (ASA, with 29 Feb), C20 (AQP).
  assert.deepEqual([g1.cix_contrato, g1.asa_contrato, g1.aqp_contrato, g1.iqt_contrato], [
    "C30",
    "C10",
    "C20",
    null,
  ]);
  near(g1.cix_ventas as number, 90);
  near(g1.cix_var_pct as number, 0, 4);
  near(g1.asa_ventas as number, 150);
  near(g1.asa_m2 as number, 100, 4);
  near(g1.asa_ventas_m2 as number, 1.5, 4);
  near(g1.asa_transacciones as number, 6);
  near(g1.asa_ticket as number, 25);
  near(g1.asa_var_pct as number, 50, 4);
  near(g1.aqp_var_pct as number, 100, 4);
  // Group 2: C21 opened inside the range: no Var %.
  near(g2.aqp_ventas as number, 60);
  near(g2.aqp_ticket as number, 20);
  assert.equal(g2.aqp_var_pct, null);
  near(g2.asa_var_pct as number, -25, 4);
  // Group 3: the dollar contract keeps its currency, and stays out of the total.
  assert.equal(g3.asa_moneda, "USD");
  near(g3.asa_ventas as number, 500);
  near(g3.asa_ticket as number, 50);
  near(total.asa_ventas as number, 180);
  near(total.asa_m2 as number, 150, 4);
  near(total.asa_ventas_m2 as number, 1.2, 4);
  near(total.asa_transacciones as number, 7);
  near(total.asa_ticket as number, 180 / 7, 4);
  near(total.asa_var_pct as number, 40 / 140 * 100, 4);
  near(total.cix_ventas as number, 210);
  near(total.cix_ventas_m2 as number, 0.5, 4);
  near(total.cix_var_pct as number, 120 / 90 * 100, 4);
  near(total.aqp_ventas as number, 260);
  near(total.aqp_ticket as number, 260 / 11, 4);
  near(total.aqp_var_pct as number, 160, 4);
  assert.equal(total.iqt_ventas, null);
});

Deno.test("Comparativo de Ventas: the mall filter keeps the groups with a contract there", async () => {
  const rows = await run({ ...feb, mall: 2 });
  assert.deepEqual(rows.map((r) => r.grupo), [1, 2, null]);
});

Deno.test("Comparativo de Ventas: a range at a year's edge against the same days of the year before", async () => {
  const [g1] = await run({ mall: 0, range: { start: "2024-01-01", end: "2024-01-05" } });
  near(g1.asa_ventas as number, 30);
  near(g1.asa_var_pct as number, 100, 4); // 15 on 3 Jan 2023; 31 Dec 2023 in neither
});

Deno.test("Comparativo de Ventas: the contracts behind a group and behind the total", async () => {
  const g2 = await db.rows(cvPartitions(MALLS_B, feb.range), contractsSql(feb, 2));
  assert.deepEqual(g2.map((r) => [r.mall, r.contrato, r.ventas, r.ventas_anterior]), [
    ["ASA", "C11", 30, 40],
    ["AQP", "C21", 60, 0],
  ]);
  const all = await db.rows(cvPartitions(MALLS_B, feb.range), contractsSql(feb, 0));
  assert.equal(all.length, 7);
});

Deno.test("Comparativo de Ventas: the drill-down's totals row sums the soles contracts", async () => {
  const parts = cvPartitions(MALLS_B, feb.range);
  // Group 2: C11 (ASA) 30 against 40, C21 (AQP, opened inside the range) 60 against 0.
  const [g2] = await db.rows(parts, contractsTotalSql(feb, 2));
  assert.equal(g2.mall, "Total S/ (sin contratos en $)");
  assert.equal(g2.grupo, null);
  near(g2.ventas as number, 90);
  near(g2.ventas_anterior as number, 40);
  near(g2.var_pct as number, 125, 4);
  // Every group: the soles totals of the report's own totals row (ASA 180/140, CIX 210/90, AQP 260/100); the
  // dollar contract of group 3 (500) stays out.
  const [all] = await db.rows(parts, contractsTotalSql(feb, 0));
  near(all.ventas as number, 650);
  near(all.ventas_anterior as number, 330);
  near(all.var_pct as number, 320 / 330 * 100, 4);
  const soles = (await db.rows(parts, contractsSql(feb, 0))).filter((r) => r.moneda === "PEN");
  near(all.transacciones as number, soles.reduce((n, r) => n + Number(r.transacciones ?? 0), 0));
  near(all.ticket as number, 650 / Number(all.transacciones), 4);
});
