// A hand-made fixture for the reports: its rows go through the server's Arrow encoding in the contract's
// columns (contract/extracts.ts), split into partitions by the contract's keys, and are loaded by the
// browser's report engine into native DuckDB. The tests run each report's own report.ts statements on its
// own partitions; every expected figure is worked out from these rows by hand.

import { type Catalog, type CatalogEntry, columnsOf, type FamilyName } from "#contract/extracts.ts";
import { partitionKey } from "#contract/extracts.ts";
import { type Row, rowsToTable, toIpcStream } from "../../services/extracts/arrow.ts";
import type { Connector, Statement } from "../../web/src/analytics/connector.ts";
import { ReportEngine } from "../../web/src/analytics/engine.ts";
import { nativeConnector } from "./native_connector.ts";

/** Days since 1970-01-01, as the server's builders select them. */
export const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
const obj = (names: string[], values: unknown[]) => Object.fromEntries(names.map((n, i) => [n, values[i]]));

/** The fixture's malls, in their order. */
export const MALLS = [3, 2];
const MALL_OF: Record<number, number> = { 10: 3, 11: 3, 20: 2, 21: 2 };

/** A fixture's rows per family (a test may bring its own: fixtureDb's `rows`). */
export type FixtureRows = Partial<Record<FamilyName, Row[]>>;

const ROWS: FixtureRows = {
  malls: [[3, "ASA", "Santa Anita", 1], [2, "AQP", "Arequipa", 2]].map((r) =>
    obj(["id", "code", "name", "sort"], r)
  ),
  categories: [[1, "Moda"], [2, "Comida"]].map((r) => obj(["id", "name"], r)),
  // id, code, mall, denominacion, category, cebe, cebe name, area, start, end, op_start, op_end
  contracts: [
    [10, "C10", 3, "Tienda Diez", 1, "M1", "Moda", 100],
    [11, "C11", 3, "Tienda Once", 2, "F1", "Comida", 50],
    [20, "C20", 2, "Tienda Veinte", 1, "M1", "Moda", 200],
    [21, "C21", 2, "Tienda Veintiuno", 2, "F1", "Comida", 80],
  ].map((r) =>
    obj(columnsOf("contracts").map(([c]) => c), [
      ...r,
      day("2016-01-01"),
      day("2030-12-31"),
      day("2016-01-01"),
      null,
      "PEN",
    ])
  ),
  // 1% every month of 2023 and 2024.
  inflation: [2023, 2024].flatMap((y) =>
    Array.from({ length: 12 }, (_, i) => ({ year: y, month: i + 1, pct: 1 }))
  ),
  settings: [{ key: "anioComparativo", value: "2019" }],
  // contract, day, cents, transactions
  sales_daily: ([
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
  ] as const).map(([c, d, a, t]) => ({ contract_id: c, day: day(d), amount_cents: a, transactions: t })),
  budgets: ([
    [10, "2024-01-01", 500],
    [10, "2024-02-01", 300],
    [11, "2024-02-01", 100],
    [20, "2024-02-01", 400],
  ] as const).map(([c, m, a]) => ({ contract_id: c, month: day(m), amount: a })),
  traffic_pedestrian: ([
    [3, "Perimetro", "2024-02-29", 1000],
    [3, "Oasis", "2024-02-29", 200],
    [3, "Perimetro", "2024-02-28", 900],
    [3, "Perimetro", "2024-01-01", 500],
    [3, "Perimetro", "2023-01-01", 400],
    [3, "Perimetro", "2023-02-28", 300],
    [3, "Perimetro", "2023-03-01", 700],
  ] as const).map(([m, z, d, v]) => ({ mall_id: m, zone: z, day: day(d), visitors: v })),
  locals: [[1, 3, "L1", 100, 1], [2, 3, "L2", 50, 4], [3, 2, "L3", 200, 4], [4, 2, "L4", 200, 1]].map((r) =>
    obj(["id", "mall_id", "code", "area", "vacancy_state"], r)
  ),
};

const yearOfDay = (days: number) => new Date(days * 86_400_000).getUTCFullYear();

/** The partition of a fixture row, by the contract's keys (as the server splits the tables). */
function partitionOf(family: FamilyName, r: Row, mallOf: Record<number, number> = MALL_OF): string {
  switch (family) {
    case "sales_daily":
    case "sales_closings":
      return partitionKey(family, mallOf[r.contract_id as number], yearOfDay(r.day as number));
    case "budgets":
      return partitionKey(family, yearOfDay(r.month as number));
    case "traffic_pedestrian":
    case "traffic_parking":
      return partitionKey(family, yearOfDay(r.day as number));
    case "sales_monthly":
      return partitionKey(family, yearOfDay(r.month as number));
    case "sales_days": {
      const d = new Date((r.day as number) * 86_400_000);
      return partitionKey(family, d.getUTCFullYear(), d.getUTCMonth() + 1);
    }
    default:
      return partitionKey(family as "contracts");
  }
}

/** The month's first day (days since 1970) of a day. */
const monthOf = (days: number) => {
  const d = new Date(days * 86_400_000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 86_400_000;
};

/**
 * The server's monthly sales (services/extracts/builders.ts salesMonthly) from the daily rows: per contract
 * and month, all malls, the sums, the days with a closing and the first and last of them.
 */
export function monthlyRows(daily: readonly Row[]): Row[] {
  const groups = new Map<string, Row>();
  for (const r of daily) {
    const month = monthOf(r.day as number);
    const key = `${r.contract_id}|${month}`;
    const g = groups.get(key) ??
      {
        contract_id: r.contract_id,
        month,
        amount_cents: 0,
        transactions: 0,
        days: 0,
        first_day: r.day,
        last_day: r.day,
      };
    g.amount_cents = (g.amount_cents as number) + (r.amount_cents as number);
    g.transactions = (g.transactions as number) + (r.transactions as number);
    g.days = (g.days as number) + 1;
    g.first_day = Math.min(g.first_day as number, r.day as number);
    g.last_day = Math.max(g.last_day as number, r.day as number);
    groups.set(key, g);
  }
  return [...groups.values()];
}

/** Every fixture partition as the server would send it: an Arrow IPC stream in the family's columns. */
function fixturePartitions(
  given: FixtureRows = ROWS,
): Map<string, { family: FamilyName; bytes: Uint8Array; rows: number }> {
  // The monthly and the month's-days families are built from the daily rows, as on the server.
  const all: FixtureRows = { ...given };
  if (given.sales_daily && !given.sales_monthly) all.sales_monthly = monthlyRows(given.sales_daily);
  if (given.sales_daily && !given.sales_days) all.sales_days = given.sales_daily;
  const mallOf = given === ROWS
    ? MALL_OF
    : Object.fromEntries((all.contracts ?? []).map((k) => [k.id as number, k.mall_id as number]));
  const groups = new Map<string, { family: FamilyName; rows: Row[] }>();
  for (const [family, rows] of Object.entries(all) as [FamilyName, Row[]][]) {
    for (const r of rows) {
      const key = partitionOf(family, r, mallOf);
      if (!groups.has(key)) groups.set(key, { family, rows: [] });
      groups.get(key)!.rows.push(r);
    }
  }
  // The server lists every month of a year with daily sales, a month without any as an empty partition.
  for (const r of all.sales_days ?? []) {
    const year = yearOfDay(r.day as number);
    for (let m = 1; m <= 12; m++) {
      const key = partitionKey("sales_days", year, m);
      if (!groups.has(key)) groups.set(key, { family: "sales_days", rows: [] });
    }
  }
  return new Map(
    [...groups].map(([key, g]) => [key, {
      family: g.family,
      rows: g.rows.length,
      bytes: toIpcStream(rowsToTable(columnsOf(g.family), g.rows)),
    }]),
  );
}

export interface ReportDb {
  /** The rows of one report statement, run on exactly the partitions given (the report's own). */
  rows<R>(partitions: readonly string[], statement: Statement<R>): Promise<R[]>;
  engine: ReportEngine;
  close(): void;
}

/** A report engine over a fresh in-memory native DuckDB, its partitions served from the fixture. */
export async function fixtureDb(
  today = "2024-03-01",
  rows: FixtureRows = ROWS,
  options: {
    monthlyFamily?: boolean;
    whenIdle?: (fn: () => void) => void;
    /** Stands between the engine and DuckDB (a test that holds a query). */
    wrap?: (c: Connector) => Connector;
    /** Told each partition the engine asks for. */
    onLoad?: (partition: string) => void;
  } = {},
): Promise<ReportDb> {
  const parts = fixturePartitions(rows);
  const table: CatalogEntry[] = [...parts].map(([partition, p]) => ({
    partition,
    family: p.family,
    version: "1",
    etag: `W/"${partition}@1"`,
    rows: p.rows,
    bytes: p.bytes.byteLength,
  }));
  const catalog: Catalog = { today, format: 1, families: [...new Set(table.map((e) => e.family))], table };
  const connector = await nativeConnector();
  const engine = new ReportEngine({
    monthlyFamily: options.monthlyFamily,
    whenIdle: options.whenIdle,
    connector: options.wrap?.(connector) ?? connector,
    source: {
      catalog: () => Promise.resolve(catalog),
      bytes: (entry) => {
        options.onLoad?.(entry.partition);
        const p = parts.get(entry.partition)!;
        // A copy, as a download would give: a connector may take the buffer over.
        return Promise.resolve({ bytes: p.bytes.slice(), rows: p.rows, saved: Promise.resolve() });
      },
    },
  });
  return {
    engine,
    async rows<R>(partitions: readonly string[], statement: Statement<R>) {
      return (await engine.run({ partitions, statements: { rows: statement } })).rows.rows;
    },
    close: () => connector.close(),
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
