// A hand-made fixture for the report SQL, loaded into native DuckDB under the tables the browser builds
// (web/src/analytics/tables.ts); every expected figure in the report tests is worked out from it by hand.

import { DuckDBInstance } from "@duckdb/node-api";
import { createTableSql, FAMILIES } from "../../web/src/analytics/tables.ts";

const ROWS = {
  malls: [[3, "'ASA'", "'Santa Anita'", 1], [2, "'AQP'", "'Arequipa'", 2]],
  categories: [[1, "'Moda'"], [2, "'Comida'"]],
  // id, code, mall, denominacion, category, cebe, cebe name, area, start, end, op_start, op_end
  contracts: [
    [10, "'C10'", 3, "'Tienda Diez'", 1, "'M1'", "'Moda'", 100],
    [11, "'C11'", 3, "'Tienda Once'", 2, "'F1'", "'Comida'", 50],
    [20, "'C20'", 2, "'Tienda Veinte'", 1, "'M1'", "'Moda'", 200],
    [21, "'C21'", 2, "'Tienda Veintiuno'", 2, "'F1'", "'Comida'", 80],
  ].map((r) => [...r, "DATE '2016-01-01'", "DATE '2030-12-31'", "DATE '2016-01-01'", "NULL"]),
  // 1% every month of 2023 and 2024.
  inflation: [2023, 2024].flatMap((y) => Array.from({ length: 12 }, (_, i) => [y, i + 1, 1.0])),
  settings: [["'anioComparativo'", "'2019'"]],
  // contract, day, cents, transactions
  sales_daily: [
    [10, "2024-01-15", 25_000, 5],
    [10, "2024-02-01", 10_000, 4],
    [10, "2024-02-29", 5_000, 2],
    [10, "2023-02-01", 8_000, 3],
    [10, "2023-02-28", 2_000, 1],
    [10, "2023-03-01", 99_900, 9],
    [10, "2025-02-05", 7_000, 2],
    [11, "2024-02-10", 3_000, 1],
    [11, "2023-02-10", 4_000, 2],
    [20, "2024-02-15", 20_000, 8],
    [20, "2023-02-15", 10_000, 5],
    [21, "2024-02-20", 6_000, 3],
  ].map(([c, d, a, t]) => [c, `DATE '${d}'`, a, t]),
  budgets: [
    [10, "2024-01-01", 500],
    [10, "2024-02-01", 300],
    [11, "2024-02-01", 100],
    [20, "2024-02-01", 400],
  ].map(([c, m, a]) => [c, `DATE '${m}'`, a]),
  traffic_pedestrian: [
    [3, "Perimetro", "2024-02-29", 1000],
    [3, "Oasis", "2024-02-29", 200],
    [3, "Perimetro", "2024-02-28", 900],
    [3, "Perimetro", "2024-01-01", 500],
    [3, "Perimetro", "2023-01-01", 400],
    [3, "Perimetro", "2023-02-28", 300],
    [3, "Perimetro", "2023-03-01", 700],
  ].map(([m, z, d, v]) => [m, `'${z}'`, `DATE '${d}'`, v]),
  locals: [[1, 3, "'L1'", 100, 1], [2, 3, "'L2'", 50, 4], [3, 2, "'L3'", 200, 4], [4, 2, "'L4'", 200, 1]],
} as const;

export type Rows = Record<string, unknown>[];

export interface ReportDb {
  all(sql: string): Promise<Rows>;
  close(): void;
}

/** A fresh in-memory DuckDB with the fixture. */
export async function fixtureDb(): Promise<ReportDb> {
  const instance = await DuckDBInstance.create(":memory:");
  const con = await instance.connect();
  for (const f of FAMILIES) {
    await con.run(createTableSql(f));
    const rows = (ROWS as Record<string, readonly (readonly unknown[])[]>)[f];
    if (rows?.length) {
      await con.run(`insert into ${f} values ${rows.map((r) => `(${r.join(", ")})`).join(", ")}`);
    }
  }
  return {
    async all(sql: string) {
      const reader = await con.runAndReadAll(sql);
      return reader.getRowObjects().map((r) =>
        Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === "bigint" ? Number(v) : v]))
      );
    },
    close: () => con.closeSync(),
  };
}

/** Equal to the cent (or the given precision). */
export function near(actual: unknown, expected: number | null, digits = 2, what = ""): void {
  if (expected === null) {
    if (actual !== null) throw new Error(`${what}: expected null, got ${actual}`);
    return;
  }
  const a = Number(actual);
  if (!(Math.abs(a - expected) < 0.5 * 10 ** -digits)) {
    throw new Error(`${what}: expected ${expected}, got ${actual}`);
  }
}
