// The explorer's pivot (web/src/reports/explorador/pivot.ts) over the statement's rows of the fixture: lines,
// subtotals after their group, the total, the column groups, the variations and the sorting.
import assert from "node:assert/strict";
import type { ExplorerState } from "#contract/explorer.ts";
import { pivotOf } from "../../web/src/reports/explorador/pivot.ts";
import { explorerPartitions, type ExplorerRow, explorerSql } from "../../web/src/reports/explorador/sql.ts";
import { fixtureDb, near } from "./fixture.ts";

const db = await fixtureDb("2024-03-01");
const slice = (over: Partial<ExplorerState>): ExplorerState => ({
  filas: ["mall", "categoria"],
  columnas: [],
  medidas: ["ventas"],
  desde: "2024-01-01",
  hasta: "2024-02-29",
  comparar: null,
  inflacion: false,
  malls: [],
  rubros: [],
  contratos: [],
  cebes: [],
  moneda: "PEN",
  grafico: "barras",
  ...over,
});
const run = (s: ExplorerState) => db.rows<ExplorerRow>(explorerPartitions(s, [3, 2]), explorerSql(s));

Deno.test("explorer pivot: lines by mall and category, each mall's subtotal after its categories", async () => {
  const s = slice({ columnas: ["mes"] });
  const p = pivotOf(s, await run(s));
  assert.deepEqual(p.columns.map((c) => c.header), [
    "Enero · Ventas S/",
    "Febrero · Ventas S/",
    "Total · Ventas S/",
  ]);
  const [jan, feb, tot] = p.columns.map((c) => c.id);
  // Malls by key (Arequipa 2, Santa Anita 3); Santa Anita: Moda C10 250 + 150, Comida C11 30.
  assert.deepEqual(p.lines.map((l) => [l.d_mall, l.d_categoria, l[jan], l[feb], l[tot]]), [
    ["Arequipa", "Moda", null, 200, 200],
    ["Arequipa", "Comida", null, 60, 60],
    ["Arequipa", "Total", null, 260, 260],
    ["Santa Anita", "Moda", 250, 150, 400],
    ["Santa Anita", "Comida", null, 30, 30],
    ["Santa Anita", "Total", 250, 180, 430],
  ]);
  assert.deepEqual([p.total!.d_mall, p.total![jan], p.total![feb], p.total![tot]], ["Total", 250, 440, 690]);
  // The cell a figure drills into: the line's keys and the column's.
  assert.deepEqual({ ...p.lines[3].cell, ...p.columns[1].cell }, { mall: 3, categoria: 1, mes: 2 });
});

Deno.test("explorer pivot: sorted by a figure within each group; variations against the other year", async () => {
  const s = slice({ desde: "2024-02-01", comparar: 2023 });
  const p = pivotOf(s, await run(s));
  assert.deepEqual(p.columns.map((c) => c.header), ["Ventas S/ 2024", "Ventas S/ 2023", "Var % Ventas S/"]);
  const [act, cmp, pct] = p.columns.map((c) => c.id);
  const sorted = pivotOf(s, await run(s), { by: act, desc: false });
  // Santa Anita (180) before Arequipa (260); within Santa Anita, Comida (30) before Moda (150).
  assert.deepEqual(sorted.lines.map((l) => [l.d_mall, l.d_categoria, l[act]]), [
    ["Santa Anita", "Comida", 30],
    ["Santa Anita", "Moda", 150],
    ["Santa Anita", "Total", 180],
    ["Arequipa", "Comida", 60],
    ["Arequipa", "Moda", 200],
    ["Arequipa", "Total", 260],
  ]);
  // Arequipa Moda: 200 against 100 (C20, 15 February 2023): +100 %; Comida sold nothing in 2023.
  const moda = p.lines.find((l) => l.d_mall === "Arequipa" && l.d_categoria === "Moda")!;
  near(moda[cmp], 100);
  near(moda[pct], 100);
  const comida = p.lines.find((l) => l.d_mall === "Arequipa" && l.d_categoria === "Comida")!;
  assert.equal(comida[pct], null);
  near(p.total![pct], (440 - 240) / 240 * 100);
});
