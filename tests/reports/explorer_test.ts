// Explorador de Ventas' builder (web/src/reports/explorador/sql.ts): each slice's figures worked out by hand
// from the fixture's rows (tests/reports/fixture.ts), computed by native DuckDB through the report engine.
import assert from "node:assert/strict";
import type { ExplorerState } from "#contract/explorer.ts";
import {
  drillSql,
  explorerPartitions,
  type ExplorerRow,
  explorerSql,
  figuresOf,
  measuresOf,
  NO_BUDGET_BY_DAY,
  NO_MEASURE,
  NO_TRAFFIC_BY_CONTRACT,
  SAME_YEAR,
  sliceError,
} from "../../web/src/reports/explorador/sql.ts";
import { fixtureDb, near } from "./fixture.ts";
import { contractRow, rankingDb, sales } from "./rankings_fixture.ts";

const db = await fixtureDb("2024-03-01");
const MALLS = [3, 2];

export const slice = (over: Partial<ExplorerState> = {}): ExplorerState => ({
  filas: ["categoria"],
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

const run = (s: ExplorerState) => db.rows<ExplorerRow>(explorerPartitions(s, MALLS), explorerSql(s));
/** The row of a grouping (rows kept, columns kept) whose keys are those given. */
const cell = (rows: ExplorerRow[], r: number, c: number, keys: Record<string, unknown> = {}) => {
  const found = rows.filter((x) =>
    x._r === r && x._c === c && Object.entries(keys).every(([k, v]) => x[k] === v)
  );
  assert.equal(found.length, 1, `one row ${r}/${c} ${JSON.stringify(keys)}: ${JSON.stringify(rows)}`);
  return found[0];
};

// A table of slices and the figures expected, each worked out from the fixture's rows in its comment.
const CASES: {
  name: string;
  s: ExplorerState;
  expect: [number, number, Record<string, unknown>, string, number | null][];
}[] = [
  {
    // February 2024: Moda C10 100 + 50, C20 200; Comida C11 30, C21 60.
    name: "sales by category, soles and dollars apart",
    s: slice(),
    expect: [
      [1, 0, { k_categoria: 1, n_categoria: "Moda" }, "ventas_pen", 350],
      [1, 0, { k_categoria: 2 }, "ventas_pen", 90],
      [1, 0, { k_categoria: 2 }, "ventas_usd", null],
      [0, 0, {}, "ventas_pen", 440],
    ],
  },
  {
    // Per m2 with the area of the contracts that sold: Moda 350 / (100 + 200), Comida 90 / (50 + 80), total
    // 440 / 430. February 2023 (1 to 28): C10 80 + 20, C20 100 (Moda 200 / 300); C11 40 (Comida 40 / 50, C21
    // did not sell); total 240 / 350.
    name: "sales per m2 against 2023 on the same days",
    s: slice({ medidas: ["ventas_m2"], comparar: 2023, moneda: "PEN" }),
    expect: [
      [1, 0, { k_categoria: 1 }, "ventas_m2_pen", 350 / 300],
      [1, 0, { k_categoria: 1 }, "ventas_m2_pen_cmp", 200 / 300],
      [1, 0, { k_categoria: 2 }, "ventas_m2_pen", 90 / 130],
      [1, 0, { k_categoria: 2 }, "ventas_m2_pen_cmp", 40 / 50],
      [0, 0, {}, "ventas_m2_pen", 440 / 430],
      [0, 0, {}, "ventas_m2_pen_cmp", 240 / 350],
    ],
  },
  {
    // 'Inflación': February 2023 brought to February 2024 by twelve months of 1%.
    name: "the comparison with inflation",
    s: slice({ comparar: 2023, inflacion: true, moneda: "PEN" }),
    expect: [
      [1, 0, { k_categoria: 1 }, "ventas_pen_cmp", 200 * 1.01 ** 12],
      [1, 0, { k_categoria: 1 }, "ventas_pen", 350],
      [0, 0, {}, "ventas_pen_cmp", 240 * 1.01 ** 12],
    ],
  },
  {
    // January: C10 250 (5 tickets). February: Santa Anita C10 150 (6) + C11 30 (1); Arequipa 200 (8) + 60 (3).
    name: "malls by month with subtotals and totals",
    s: slice({
      filas: ["mall"],
      columnas: ["mes"],
      medidas: ["ventas", "transacciones"],
      desde: "2024-01-01",
    }),
    expect: [
      [1, 1, { k_mall: 3, k_mes: 1, n_mall: "Santa Anita" }, "ventas_pen", 250],
      [1, 1, { k_mall: 3, k_mes: 2 }, "ventas_pen", 180],
      [1, 1, { k_mall: 3, k_mes: 2 }, "transacciones", 7],
      [1, 1, { k_mall: 2, k_mes: 2 }, "ventas_pen", 260],
      [1, 0, { k_mall: 3 }, "ventas_pen", 430],
      [1, 0, { k_mall: 2 }, "transacciones", 11],
      [0, 1, { k_mes: 1 }, "ventas_pen", 250],
      [0, 1, { k_mes: 2 }, "ventas_pen", 440],
      [0, 0, {}, "ventas_pen", 690],
      [0, 0, {}, "transacciones", 23],
    ],
  },
  {
    // Budgets of February: C10 300, C11 100, C20 400, none for C21; fulfilment 150 / 300, 30 / 100, 200 /
    // 400; the total 440 / 800. Ticket: C10 150 / 6.
    name: "budget, fulfilment and average ticket by contract",
    s: slice({ filas: ["contrato"], medidas: ["presupuesto", "cumplimiento", "ticket"], moneda: "PEN" }),
    expect: [
      [1, 0, { k_contrato: 10, n_contrato: "C10 · Tienda Diez" }, "presupuesto_pen", 300],
      [1, 0, { k_contrato: 10 }, "cumplimiento_pen", 50],
      [1, 0, { k_contrato: 10 }, "ticket_pen", 25],
      [1, 0, { k_contrato: 11 }, "cumplimiento_pen", 30],
      [1, 0, { k_contrato: 21 }, "presupuesto_pen", null],
      [1, 0, { k_contrato: 21 }, "cumplimiento_pen", null],
      [0, 0, {}, "presupuesto_pen", 800],
      [0, 0, {}, "cumplimiento_pen", 55],
    ],
  },
  {
    // Santa Anita's pedestrians in February 2024: 28th 900, 29th 1000 + 200 (two zones); 180 sold.
    name: "foot traffic and sales per visitor by mall",
    s: slice({ filas: ["mall"], medidas: ["peatones", "venta_visitante"], moneda: "PEN" }),
    expect: [
      [1, 0, { k_mall: 3 }, "peatones", 2100],
      [1, 0, { k_mall: 3 }, "venta_visitante_pen", 180 / 2100],
      [1, 0, { k_mall: 2 }, "peatones", null],
      [0, 0, {}, "peatones", 2100],
    ],
  },
  {
    // By day of the week (read day by day): Thursdays 1, 15 and 29 February (100 + 200 + 50), Saturday the
    // 10th (30), Tuesday the 20th (60).
    name: "by day of the week, from the daily rows",
    s: slice({ filas: ["dia_semana"] }),
    expect: [
      [1, 0, { k_dia_semana: 4 }, "ventas_pen", 350],
      [1, 0, { k_dia_semana: 6 }, "ventas_pen", 30],
      [1, 0, { k_dia_semana: 2 }, "ventas_pen", 60],
      [0, 0, {}, "ventas_pen", 440],
    ],
  },
  {
    // Filters: Santa Anita's Moda is C10 alone.
    name: "filters on mall and category",
    s: slice({ filas: ["cebe"], malls: [3], rubros: [1] }),
    expect: [
      [1, 0, { k_cebe: "M1", n_cebe: "M1 Moda" }, "ventas_pen", 150],
      [0, 0, {}, "ventas_pen", 150],
    ],
  },
];

for (const c of CASES) {
  Deno.test(`Explorador de Ventas: ${c.name}`, async () => {
    const rows = await run(c.s);
    for (const [r, col, keys, name, value] of c.expect) {
      near(cell(rows, r, col, keys)[name], value, 4, `${c.name} ${JSON.stringify(keys)} ${name}`);
    }
  });
}

Deno.test("Explorador de Ventas: a dollar contract's sales are never added to the soles", async () => {
  // The rankings' rows (February 2024: A 300, B 300, C 200 in Santa Anita, E 1000 in Arequipa) and U, a
  // dollar contract of Santa Anita's Moda that sold $ 50.00.
  const usd = await rankingDb("2024-07-15", {
    contracts: [{ ...contractRow(35, "U", 3, "Tienda U", 1, "M1", "Moda", 20), currency: "USD" }],
    sales_daily: sales([[35, "2024-02-10", 5_000, 2]]),
  });
  try {
    const s = slice({ filas: ["mall", "categoria"], medidas: ["ventas", "ventas_m2"] });
    const rows = await usd.rows<ExplorerRow>(explorerPartitions(s, MALLS), explorerSql(s));
    near(cell(rows, 2, 0, { k_mall: 3, k_categoria: 1 }).ventas_pen, 600);
    near(cell(rows, 2, 0, { k_mall: 3, k_categoria: 1 }).ventas_usd, 50);
    near(cell(rows, 2, 0, { k_mall: 3, k_categoria: 1 }).ventas_m2_pen, 600 / 150);
    near(cell(rows, 2, 0, { k_mall: 3, k_categoria: 1 }).ventas_m2_usd, 50 / 20);
    near(cell(rows, 1, 0, { k_mall: 3 }).ventas_pen, 800);
    near(cell(rows, 0, 0).ventas_pen, 1800);
    near(cell(rows, 0, 0).ventas_usd, 50);
    // By currency: each row one currency, the other's column empty.
    const m = slice({ filas: ["moneda"] });
    const byCurrency = await usd.rows<ExplorerRow>(explorerPartitions(m, MALLS), explorerSql(m));
    near(cell(byCurrency, 1, 0, { k_moneda: "USD", n_moneda: "$" }).ventas_usd, 50);
    near(cell(byCurrency, 1, 0, { k_moneda: "USD" }).ventas_pen, null);
    near(cell(byCurrency, 1, 0, { k_moneda: "PEN", n_moneda: "S/" }).ventas_pen, 1800);
    // Only dollars.
    const d = slice({ filas: ["mall"], moneda: "USD" });
    const dollars = await usd.rows<ExplorerRow>(explorerPartitions(d, MALLS), explorerSql(d));
    assert.deepEqual(dollars.map((r) => [r._r, r.k_mall, r.ventas_usd]), [[0, null, 50], [1, 3, 50]]);
    assert.ok(dollars.every((r) => !("ventas_pen" in r)));
  } finally {
    usd.close();
  }
});

Deno.test("Explorador de Ventas: the grain leaves out what it cannot show, and says so", () => {
  const byWeek = measuresOf(slice({ filas: ["semana"], medidas: ["ventas", "presupuesto", "cumplimiento"] }));
  assert.deepEqual(byWeek, { measures: ["ventas"], notes: [NO_BUDGET_BY_DAY] });
  const byCategory = measuresOf(slice({ medidas: ["peatones", "ventas"] }));
  assert.deepEqual(byCategory, { measures: ["ventas"], notes: [NO_TRAFFIC_BY_CONTRACT] });
  const filtered = measuresOf(slice({ filas: ["mall"], medidas: ["vehiculos"], contratos: [10] }));
  assert.deepEqual(filtered.measures, []);
  const nothing = slice({ filas: ["mall"], medidas: ["vehiculos"], contratos: [10] });
  assert.equal(sliceError(nothing), NO_MEASURE);
  assert.throws(() => explorerSql(nothing), new RegExp(NO_MEASURE));
  assert.deepEqual(figuresOf(slice({ moneda: "USD", comparar: 2023 })).map((f) => f.name), [
    "ventas_usd",
    "ventas_usd_cmp",
  ]);
  assert.equal(sliceError(slice({ comparar: 2023, desde: "2023-12-01" })), SAME_YEAR);
  assert.throws(() => explorerSql(slice({ comparar: 2023, desde: "2023-12-01" })), new RegExp(SAME_YEAR));
  assert.equal(sliceError(slice({ comparar: 2023 })), null);
});

Deno.test("Explorador de Ventas: nothing but checked values reaches the SQL", () => {
  const evil = "M1' or 1=1 --";
  assert.throws(() => explorerSql(slice({ cebes: [evil] })), /bad code/);
  assert.throws(() => explorerSql(slice({ malls: [1.5] })), /no es un entero/);
  assert.throws(() => drillSql(slice(), { dia: "2024-02-01' or '1" }), /no es una fecha/);
  assert.throws(() => drillSql(slice(), { mall: "3 or 1=1" }), /no es un entero/);
});

Deno.test("Explorador de Ventas: a cell's drill lists the closings behind it, both periods", async () => {
  const s = slice({ columnas: ["mes"], comparar: 2023 });
  const rows = await db.rows(explorerPartitions(s, MALLS), drillSql(s, { categoria: 1, mes: 2 }));
  assert.deepEqual(rows.map((r) => [r.dia, r.contrato, r.monto, r.periodo]), [
    ["2024-02-29", "C10", 50, "2024"],
    ["2024-02-15", "C20", 200, "2024"],
    ["2024-02-01", "C10", 100, "2024"],
    ["2023-02-28", "C10", 20, "2023"],
    ["2023-02-15", "C20", 100, "2023"],
    ["2023-02-01", "C10", 80, "2023"],
  ]);
  // The figures of the cell are the sums of its closings.
  const cellRows = await run(s);
  near(cell(cellRows, 1, 1, { k_categoria: 1, k_mes: 2 }).ventas_pen, 350);
  near(cell(cellRows, 1, 1, { k_categoria: 1, k_mes: 2 }).ventas_pen_cmp, 200);
});
