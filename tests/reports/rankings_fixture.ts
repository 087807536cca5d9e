// The hand-made rows of the Reporting II tests (rankings, evolutions, provision, flash): mall 3 with four
// contracts whose figures tie, one that closed during 2024, and a contract of mall 2 that must stay out.

import { columnsOf } from "#contract/extracts.ts";
import type { Row } from "../../services/extracts/arrow.ts";
import { day, fixtureDb, type FixtureRows } from "./fixture.ts";

export const contractRow = (
  id: number,
  code: string,
  mall: number,
  name: string,
  category: number,
  cebe: string,
  cebeName: string,
  area: number,
  end = "2030-12-31",
  start = "2016-01-01",
): Row => {
  const values: Record<string, unknown> = {
    id,
    code,
    mall_id: mall,
    denominacion: name,
    category_id: category,
    cebe_code: cebe,
    cebe_name: cebeName,
    area,
    start_date: day(start),
    end_date: day(end),
    op_start: day(start),
    op_end: end === "2030-12-31" ? null : day(end),
    currency: "PEN",
    objetos: `OBJ-${code}`,
    executive: `Ejecutivo ${code}`,
  };
  return Object.fromEntries(columnsOf("contracts").map(([c]) => [c, values[c] ?? null]));
};

type Sale = readonly [number, string, number, number];
const sales = (rows: readonly Sale[]): Row[] =>
  rows.map(([c, d, a, t]) => ({ contract_id: c, day: day(d), amount_cents: a, transactions: t }));

export const RANKING_ROWS: FixtureRows = {
  malls: [{ id: 3, code: "ASA", name: "Santa Anita", sort: 1 }, {
    id: 2,
    code: "AQP",
    name: "Arequipa",
    sort: 2,
  }],
  categories: [{ id: 1, name: "Moda" }, { id: 2, name: "Comida" }],
  contracts: [
    contractRow(30, "A", 3, "Tienda A", 1, "M1", "Moda", 100),
    contractRow(31, "B", 3, "Tienda B", 1, "M1", "Moda", 50),
    contractRow(32, "C", 3, "Tienda C", 2, "F1", "Comida", 100),
    // Closed on 30 June 2024.
    contractRow(33, "D", 3, "Tienda D", 2, "F1", "Comida", 40, "2024-06-30"),
    contractRow(34, "E", 2, "Tienda E", 1, "M1", "Moda", 10),
  ],
  // 1% every month of 2023 and 2024.
  inflation: [2023, 2024].flatMap((y) =>
    Array.from({ length: 12 }, (_, i) => ({ year: y, month: i + 1, pct: 1 }))
  ),
  settings: [{ key: "anioComparativo", value: "2019" }],
  sales_daily: sales([
    // February 2024: A and B tie on sales (300.00), C sells 200.00.
    [30, "2024-02-05", 30_000, 10],
    [31, "2024-02-06", 30_000, 10],
    [32, "2024-02-07", 20_000, 20],
    // February 2023: B and C tie (200.00), A 100.00, D 50.00; 1 March 2023 is outside.
    [30, "2023-02-05", 10_000, 5],
    [31, "2023-02-06", 20_000, 6],
    [32, "2023-02-07", 20_000, 7],
    [33, "2023-02-08", 5_000, 1],
    [30, "2023-03-01", 99_900, 9],
    // D sells until it closes (June 2024) and nothing after.
    [33, "2024-01-10", 4_000, 2],
    [33, "2024-06-30", 6_000, 3],
    // Mall 2.
    [34, "2024-02-05", 100_000, 50],
  ]),
  budgets: ([
    [30, "2024-02-01", 580],
    [31, "2024-02-01", 300],
    [30, "2023-02-01", 200],
    [31, "2023-02-01", 100],
  ] as const).map(([c, m, a]) => ({ contract_id: c, month: day(m), amount: a })),
};

/** The base rows (the rankings' by default) with each family's extra rows added. */
export function withRows(extra: FixtureRows, base: FixtureRows = RANKING_ROWS): FixtureRows {
  const rows: FixtureRows = { ...base };
  for (const [k, v] of Object.entries(extra) as [keyof FixtureRows, Row[]][]) {
    rows[k] = [...(rows[k] ?? []), ...v];
  }
  return rows;
}

export const rankingDb = (today = "2024-07-15", extra: FixtureRows = {}) => fixtureDb(today, withRows(extra));

/** Provisión's rows: mall 5 opens on Monday 25 March 2024, P, Q and S from the 25th, R from the 29th. */
export const PROVISION_ROWS: FixtureRows = {
  malls: [{ id: 5, code: "SJL", name: "San Juan", sort: 3 }],
  contracts: [
    contractRow(40, "P", 5, "Tienda P", 1, "M1", "Moda", 10, "2030-12-31", "2024-03-25"),
    contractRow(41, "Q", 5, "Tienda Q", 1, "M1", "Moda", 10, "2030-12-31", "2024-03-25"),
    contractRow(42, "R", 5, "Tienda R", 2, "F1", "Comida", 10, "2030-12-31", "2024-03-29"),
    contractRow(43, "S", 5, "Tienda S", 2, "F1", "Comida", 10, "2030-12-31", "2024-03-25"),
  ],
  sales_daily: sales([
    // Mondays of February (a trial run before opening): P 200 and 100, Q 200 and 200.
    [40, "2024-02-19", 20_000, 1],
    [40, "2024-02-26", 10_000, 1],
    [41, "2024-02-19", 20_000, 1],
    [41, "2024-02-26", 20_000, 1],
    // P misses Monday 25, then 10.00 a day; Q registers only Monday 25 (300.00); S every day 10.00.
    ...[26, 27, 28, 29, 30, 31].map((d) => [40, `2024-03-${d}`, 1_000, 1] as const),
    [41, "2024-03-25", 30_000, 3],
    ...[25, 26, 27, 28, 29, 30, 31].map((d) => [43, `2024-03-${d}`, 1_000, 1] as const),
  ]),
};
export { sales };
