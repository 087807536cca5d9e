// The DuckDB tables the reports read, one per extract family (services/extracts/builders.ts), with the
// SQL types the report SQL relies on. Pure TypeScript: the report tests build the same tables natively.

export const FAMILY_COLUMNS = {
  sales_daily: { contract_id: "INTEGER", day: "DATE", amount_cents: "BIGINT", transactions: "INTEGER" },
  budgets: { contract_id: "INTEGER", month: "DATE", amount: "DOUBLE" },
  traffic_pedestrian: { mall_id: "SMALLINT", zone: "VARCHAR", day: "DATE", visitors: "INTEGER" },
  traffic_parking: { mall_id: "SMALLINT", day: "DATE", vehicles: "INTEGER" },
  malls: { id: "SMALLINT", code: "VARCHAR", name: "VARCHAR", sort: "SMALLINT" },
  categories: { id: "INTEGER", name: "VARCHAR" },
  contracts: {
    id: "INTEGER",
    code: "VARCHAR",
    mall_id: "SMALLINT",
    denominacion: "VARCHAR",
    category_id: "INTEGER",
    cebe_code: "VARCHAR",
    cebe_name: "VARCHAR",
    area: "DOUBLE",
    start_date: "DATE",
    end_date: "DATE",
    op_start: "DATE",
    op_end: "DATE",
  },
  inflation: { year: "SMALLINT", month: "SMALLINT", pct: "DOUBLE" },
  settings: { key: "VARCHAR", value: "VARCHAR" },
  locals: { id: "INTEGER", mall_id: "SMALLINT", code: "VARCHAR", area: "DOUBLE", vacancy_state: "SMALLINT" },
} as const;

export type Family = keyof typeof FAMILY_COLUMNS;
export const FAMILIES = Object.keys(FAMILY_COLUMNS) as Family[];

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** `create table <name> (...)` with the family's columns. */
export function createTableSql(family: Family, name: string = family): string {
  const cols = Object.entries(FAMILY_COLUMNS[family]).map(([c, t]) => `${quote(c)} ${t}`);
  return `create table ${quote(name)} (${cols.join(", ")})`;
}

/** A source of a family's view: a partition's own table, or a year table read for some of its keys. */
export type ViewSource = string | { table: string; keys: readonly number[] | null };

/**
 * The family's view: its empty typed table plus the sources, cast to the family's types. A year table
 * (yearTable) is read whole (keys null) or for the keys given.
 */
export function familyViewSql(family: Family, sources: readonly ViewSource[]): string {
  const cols = Object.entries(FAMILY_COLUMNS[family]);
  const select = (table: string) =>
    `select ${cols.map(([c, t]) => `cast(${quote(c)} as ${t}) as ${quote(c)}`).join(", ")} from ${
      quote(table)
    }`;
  const names = cols.map(([c]) => quote(c)).join(", ");
  const branch = (s: ViewSource) =>
    typeof s === "string"
      ? select(s)
      : `select ${names} from ${quote(s.table)}${
        s.keys ? ` where "_key" in (${s.keys.join(", ") || "null"})` : ""
      }`;
  const parts = [`select * from ${quote(emptyTable(family))}`, ...sources.map(branch)];
  return `create or replace view ${quote(family)} as ${parts.join(" union all ")}`;
}

/**
 * The daily sales of one year share a table, every mall's partition in it under its mall (`_key`): a query
 * over all malls then reads one table a year instead of one per mall and year, which DuckDB plans and runs
 * about twice as fast. Other families keep a table per partition.
 */
export function yearTable(partition: string): { family: Family; table: string; key: number } | null {
  const m = /^sales_daily\.(\d+)\.(\d{4})$/.exec(partition);
  return m ? { family: "sales_daily", table: `y#sales_daily.${m[2]}`, key: Number(m[1]) } : null;
}

/** Puts a partition's rows (a table made from its Arrow stream, dropped after) in its year table. */
export function yearTableLoadSql(y: { family: Family; table: string; key: number }, from: string | null) {
  const cols = Object.entries(FAMILY_COLUMNS[y.family]);
  const casts = cols.map(([c, t]) => `cast(${quote(c)} as ${t})`).join(", ");
  return [
    `create table if not exists ${quote(y.table)} (${
      cols.map(([c, t]) => `${quote(c)} ${t}`).join(", ")
    }, "_key" INTEGER)`,
    `delete from ${quote(y.table)} where "_key" = ${Number(y.key)}`,
    ...(from
      ? [
        `insert into ${quote(y.table)} select ${casts}, ${Number(y.key)} from ${quote(from)}`,
        `drop table ${quote(from)}`,
      ]
      : []),
  ].join(";\n");
}

export const emptyTable = (family: Family) => `${family}#empty`;
export const partitionTable = (partition: string) => `p#${partition}`;

/** The family of a partition key ('sales_daily.3.2024' → 'sales_daily'). */
export function familyOfPartition(partition: string): Family | null {
  const name = partition.split(".")[0];
  return (FAMILIES as string[]).includes(name) ? name as Family : null;
}
