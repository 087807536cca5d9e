// Every figure a fixed report shows equals the Explorador de Ventas' for the same slice (issue 41): Ventas
// Presupuesto's totals and contracts, Ranking de Ventas' contract sales and tickets, Ventas por Categoría's
// sales per m2, each computed by its own statement on the same rows.
import assert from "node:assert/strict";
import type { ExplorerState } from "#contract/explorer.ts";
import { explorerPartitions, type ExplorerRow, explorerSql } from "../../web/src/reports/explorador/sql.ts";
import {
  monthlyRankSql,
  type RankFilters,
  rankPartitions,
} from "../../web/src/reports/rank-ventas/report.ts";
import {
  categoriesSql,
  type CatFilters,
  catPartitions,
} from "../../web/src/reports/ventas-categoria/report.ts";
import {
  presupuestoSql,
  type VpFilters,
  vpPartitions,
  vpPeriod,
} from "../../web/src/reports/ventas-presupuesto/report.ts";
import { fixtureDb, near } from "./fixture.ts";
import { contractRow, sales, withRows } from "./rankings_fixture.ts";

const TODAY = "2024-07-15";
// The rankings' rows plus a dollar contract of Santa Anita, which no soles figure may take in.
const db = await fixtureDb(
  TODAY,
  withRows({
    contracts: [{ ...contractRow(35, "U", 3, "Tienda U", 1, "M1", "Moda", 20), currency: "USD" }],
    sales_daily: sales([[35, "2024-02-10", 5_000, 2], [35, "2023-02-11", 7_000, 2]]),
    budgets: [{ contract_id: 35, month: Date.parse("2024-02-01T00:00:00Z") / 86_400_000, amount: 90 }],
  }),
);
const MALLS = [3, 2];

const slice = (over: Partial<ExplorerState>): ExplorerState => ({
  filas: [],
  columnas: [],
  medidas: ["ventas"],
  desde: "2024-02-01",
  hasta: "2024-02-29",
  comparar: null,
  inflacion: false,
  malls: [],
  rubros: [],
  contratos: [],
  cebes: [],
  moneda: null,
  grafico: "barras",
  ...over,
});
const explore = (s: ExplorerState) => db.rows<ExplorerRow>(explorerPartitions(s, MALLS), explorerSql(s));
const total = (rows: ExplorerRow[]) => rows.find((r) => r._r === 0 && r._c === 0)!;

for (const inflation of [false, true]) {
  Deno.test(`the explorer finds Ventas Presupuesto's figures (Inflación ${inflation ? "on" : "off"})`, async () => {
    const f: VpFilters = { mall: 3, inflation, year: 2024, month: 2, comparisonYear: 2023 };
    const vp = await db.rows(vpPartitions(MALLS, f), presupuestoSql(f, vpPeriod(f, TODAY)));
    const s = slice({
      filas: ["contrato"],
      malls: [3],
      medidas: ["ventas", "presupuesto", "cumplimiento"],
      comparar: 2023,
      inflacion: inflation,
    });
    const ex = await explore(s);
    for (const [moneda, label, suffix] of [["PEN", "Total S/", "pen"], ["USD", "Total $", "usd"]] as const) {
      const t = vp.find((r) => r.contrato === label)!;
      assert.ok(t, `${label} in Ventas Presupuesto`);
      near(total(ex)[`ventas_${suffix}`], t.venta_act, 2, `${moneda} sales`);
      near(total(ex)[`ventas_${suffix}_cmp`], t.venta_cmp, 2, `${moneda} sales of 2023`);
      near(total(ex)[`presupuesto_${suffix}`], t.presupuesto_act, 2, `${moneda} budget`);
      near(total(ex)[`presupuesto_${suffix}_cmp`], t.presupuesto_cmp, 2, `${moneda} budget of 2023`);
      near(total(ex)[`cumplimiento_${suffix}`], t.porcentaje, 2, `${moneda} fulfilment`);
    }
    // Each contract, in its currency.
    const contracts = vp.filter((r) => r.is_total === 0);
    assert.ok(contracts.length >= 4);
    for (const r of contracts) {
      const suffix = r.moneda === "USD" ? "usd" : "pen";
      const e = ex.find((x) => x._r === 1 && String(x.n_contrato).startsWith(`${r.contrato} · `));
      assert.ok(e, `contract ${r.contrato} in the explorer`);
      near(e[`ventas_${suffix}`] ?? 0, r.venta_act, 2, `${r.contrato} sales`);
      near(e[`ventas_${suffix}_cmp`] ?? 0, r.venta_cmp, 2, `${r.contrato} sales of 2023`);
      near(e[`presupuesto_${suffix}`] ?? 0, r.presupuesto_act, 2, `${r.contrato} budget`);
    }
    // The hand-worked soles total: A 300 + B 300 + C 200; not U's $ 50.
    near(total(ex).ventas_pen, 800);
  });
}

Deno.test("the explorer finds Ranking de Ventas' contract sales and tickets", async () => {
  const f: RankFilters = { mode: "mensual", year: 2024, month: 2, mall: 3, cebe: "" };
  const rank = await db.rows(rankPartitions(f.mall, f.year), monthlyRankSql(f, TODAY));
  const ex = await explore(slice({ filas: ["contrato"], malls: [3], medidas: ["ventas", "transacciones"] }));
  const contracts = rank.filter((r) => r.is_total === 0);
  assert.deepEqual(contracts.map((r) => r.code).sort(), ["A", "B", "C", "U"]);
  for (const r of contracts) {
    const e = ex.find((x) => x._r === 1 && x.k_contrato === r.contract_id)!;
    near(e[r.moneda === "USD" ? "ventas_usd" : "ventas_pen"], r.venta, 2, `${r.code} sales`);
    near(e.transacciones, r.transacciones, 0, `${r.code} tickets`);
  }
  near(total(ex).ventas_pen, rank.find((r) => r.code === "Total S/")!.venta);
  near(total(ex).ventas_usd, rank.find((r) => r.code === "Total $")!.venta);
});

Deno.test("the explorer finds Ventas por Categoría's sales per m2 (soles)", async () => {
  const f: CatFilters = {
    type: "General",
    mall: 0,
    span: { start: "2024-02-01", end: "2024-02-29" },
    comparisonYear: 2023,
    inflation: true,
  };
  const cat = await db.rows(catPartitions(MALLS, 2024, 2023), categoriesSql(f));
  const ex = await explore(
    slice({
      filas: ["categoria"],
      medidas: ["ventas", "ventas_m2"],
      comparar: 2023,
      inflacion: true,
      moneda: "PEN",
    }),
  );
  for (const r of cat.filter((x) => x.is_total === 0)) {
    const e = ex.find((x) => x._r === 1 && x.k_categoria === r.category_id)!;
    near(e.ventas_pen, r.act, 2, `${r.categoria} sales`);
    near(e.ventas_pen_cmp, r.cmp, 2, `${r.categoria} sales of 2023`);
    near(e.ventas_m2_pen, r.act_m2, 4, `${r.categoria} per m2`);
    near(e.ventas_m2_pen_cmp, r.cmp_m2, 4, `${r.categoria} per m2 of 2023`);
  }
  const t = cat.find((x) => x.is_total === 1)!;
  near(total(ex).ventas_m2_pen, t.act_m2, 4, "total per m2");
  // Moda: A 300 + B 300 + E 1000 over 100 + 50 + 10 m2.
  near(total(ex).ventas_pen, 1800);
  near(ex.find((x) => x._r === 1 && x.k_categoria === 1)!.ventas_m2_pen, 1600 / 160, 4);
});
