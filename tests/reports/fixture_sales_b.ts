// The hand-made fixture of Ventas Presupuesto, Diario Comparativo and Comparativo de Ventas (issue 11 part
// B): three malls, a dollar contract, a contract that opened inside February 2024, a leap day, sales on both
// sides of a year's edge, budgets and three groups of similar contracts. Its rows go through the server's
// Arrow encoding and the browser's report engine into native DuckDB, as in tests/reports/fixture.ts; every
// expected figure of the tests is worked out from these rows by hand.

import { type Catalog, type CatalogEntry, columnsOf, type FamilyName } from "#contract/extracts.ts";
import { partitionKey } from "#contract/extracts.ts";
import { type Row, rowsToTable, toIpcStream } from "../../services/extracts/arrow.ts";
import type { Connector, Statement } from "../../web/src/analytics/connector.ts";
import { ReportEngine } from "../../web/src/analytics/engine.ts";
import type { ReportDb } from "./fixture.ts";
import { nativeConnector } from "./native_connector.ts";

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
const obj = (names: string[], values: unknown[]) => Object.fromEntries(names.map((n, i) => [n, values[i]]));

export const MALLS_B = [3, 2, 6];
const MALL_OF: Record<number, number> = { 10: 3, 11: 3, 12: 3, 20: 2, 21: 2, 30: 6, 31: 6 };

/** 1 % every month of 2023 and 2024: a comparison-year amount of February 2023 grows by 1.01^12. */
export const INFL_12 = 1.01 ** 12;

const ROWS: Partial<Record<FamilyName, Row[]>> = {
  malls: [[3, "ASA", "Santa Anita", 1], [2, "AQP", "Arequipa", 2], [6, "CIX", "Chiclayo", 3]].map((r) =>
    obj(["id", "code", "name", "sort"], r)
  ),
  categories: [[1, "Moda"], [2, "Comida"], [3, "Entretenimiento"]].map((r) => obj(["id", "name"], r)),
  // id, code, mall, denominacion, category, cebe, cebe name, area, start (also op_start), currency
  contracts: ([
    [10, "C10", 3, "Zeta Moda ASA", 1, "M1", "Moda Mujer", 100, "2016-01-01", "PEN"],
    [11, "C11", 3, "Burger ASA", 2, "F1", "Comida", 50, "2016-01-01", "PEN"],
    [12, "C12", 3, "Cine ASA", 3, "E1", "Cines", 400, "2016-01-01", "USD"],
    [20, "C20", 2, "Zeta Moda AQP", 1, "M1", "Moda Mujer", 200, "2016-01-01", "PEN"],
    [21, "C21", 2, "Burger AQP", 2, "F1", "Comida", 80, "2024-02-10", "PEN"],
    [30, "C30", 6, "Zeta Moda CIX", 1, "M1", "Moda Mujer", 120, "2016-01-01", "PEN"],
    [31, "C31", 6, "Cine CIX", 3, "E1", "Cines", 300, "2016-01-01", "PEN"],
  ] as const).map(([id, code, mall, den, cat, cebe, cebeName, area, start, currency]) =>
    obj(columnsOf("contracts").map(([c]) => c), [
      id,
      code,
      mall,
      den,
      cat,
      cebe,
      cebeName,
      area,
      day(start),
      day("2030-12-31"),
      day(start),
      null,
      currency,
    ])
  ),
  inflation: [2023, 2024].flatMap((y) =>
    Array.from({ length: 12 }, (_, i) => ({ year: y, month: i + 1, pct: 1 }))
  ),
  settings: [{ key: "anioComparativo", value: "2023" }],
  // contract, day, cents, transactions
  sales_daily: ([
    [10, "2024-02-01", 10_000, 4],
    [10, "2024-02-29", 5_000, 2],
    [10, "2023-02-01", 8_000, 3],
    [10, "2023-02-28", 2_000, 1],
    [10, "2023-12-31", 7_000, 2],
    [10, "2024-01-02", 3_000, 1],
    [10, "2023-01-03", 1_500, 1],
    [11, "2024-02-10", 3_000, 1],
    [11, "2023-02-10", 4_000, 2],
    [12, "2024-02-15", 50_000, 10],
    [12, "2023-02-15", 40_000, 8],
    [20, "2024-02-15", 20_000, 8],
    [20, "2023-02-15", 10_000, 5],
    [21, "2024-02-20", 6_000, 3],
    [30, "2024-02-05", 9_000, 3],
    [30, "2023-02-05", 9_000, 3],
    [31, "2024-02-06", 12_000, 6],
  ] as const).map(([c, d, a, t]) => ({ contract_id: c, day: day(d), amount_cents: a, transactions: t })),
  budgets: ([
    [10, "2024-02-01", 300],
    [10, "2023-02-01", 250],
    [11, "2024-02-01", 100],
    [12, "2024-02-01", 600],
    [20, "2024-02-01", 400],
    [21, "2024-02-01", 50],
  ] as const).map(([c, m, a]) => ({ contract_id: c, month: day(m), amount: a })),
  // group, mall, contract
  similar_contracts: ([
    [1, 6, 30],
    [1, 3, 10],
    [1, 2, 20],
    [2, 3, 11],
    [2, 2, 21],
    [3, 3, 12],
    [3, 6, 31],
  ] as const).map(([g, m, c]) => ({ group_id: g, mall_id: m, contract_id: c })),
};

const yearOfDay = (days: number) => new Date(days * 86_400_000).getUTCFullYear();

function partitionOf(family: FamilyName, r: Row): string {
  switch (family) {
    case "sales_daily":
      return partitionKey(family, MALL_OF[r.contract_id as number], yearOfDay(r.day as number));
    case "budgets":
      return partitionKey(family, yearOfDay(r.month as number));
    default:
      return partitionKey(family as "contracts");
  }
}

/** A report engine over a fresh in-memory native DuckDB, its partitions served from this fixture. */
export async function fixtureDbB(
  today = "2024-03-01",
  o: { wrap?: (c: Connector) => Connector } = {},
): Promise<ReportDb> {
  const groups = new Map<string, { family: FamilyName; rows: Row[] }>();
  for (const [family, rows] of Object.entries(ROWS) as [FamilyName, Row[]][]) {
    for (const r of rows) {
      const key = partitionOf(family, r);
      if (!groups.has(key)) groups.set(key, { family, rows: [] });
      groups.get(key)!.rows.push(r);
    }
  }
  const parts = new Map(
    [...groups].map(([key, g]) => [key, {
      family: g.family,
      rows: g.rows.length,
      bytes: toIpcStream(rowsToTable(columnsOf(g.family), g.rows)),
    }]),
  );
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
    connector: o.wrap?.(connector) ?? connector,
    source: {
      catalog: () => Promise.resolve(catalog),
      bytes: (entry) => {
        const p = parts.get(entry.partition)!;
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
