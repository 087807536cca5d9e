// The DuckDB tables the reports read, one per extract family, in the columns and DuckDB types of the contract
// (contract/extracts.ts). Pure TypeScript: the report tests build the same tables through native DuckDB.

import { columnsOf, FAMILY_NAMES, type FamilyName, parsePartition } from "#contract/extracts.ts";

export type Family = FamilyName;
export const FAMILIES = FAMILY_NAMES;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** `create table <name> (...)` with the family's columns. */
export function createTableSql(family: Family, name: string = family): string {
  const cols = columnsOf(family).map(([c, t]) => `${quote(c)} ${t.duck}`);
  return `create table ${quote(name)} (${cols.join(", ")})`;
}

/** A source of a family's view: a partition's own table, or a year table read for some of its keys. */
export type ViewSource = string | { table: string; keys: readonly number[] | null };

/**
 * The family's view: the sources, cast to the family's types, or its empty typed table when it has none. A
 * year table (yearTable) is read whole (keys null) or for the keys given.
 */
export function familyViewSql(family: Family, sources: readonly ViewSource[]): string {
  return `create or replace view ${quote(family)} as ${familySelectSql(family, sources)}`;
}

/** The select of the family's view (familyViewSql), also read as a CTE of that name. */
export function familySelectSql(family: Family, sources: readonly ViewSource[]): string {
  const cols = columnsOf(family);
  const select = (table: string) =>
    `select ${cols.map(([c, t]) => `cast(${quote(c)} as ${t.duck}) as ${quote(c)}`).join(", ")} from ${
      quote(table)
    }`;
  const names = cols.map(([c]) => quote(c)).join(", ");
  const branch = (s: ViewSource) =>
    typeof s === "string"
      ? select(s)
      : `select ${names} from ${quote(s.table)}${
        s.keys ? ` where "_key" in (${s.keys.join(", ") || "null"})` : ""
      }`;
  // Each branch has the family's columns and types already (a year table is created in them, a partition's
  // table cast): the empty table's branch was one more for DuckDB to bind and plan in every statement, a
  // tenth to a quarter of a report statement's time in DuckDB-WASM (issue 36, tests/bench/fixed_cost_probe.ts).
  if (sources.length === 0) return `select * from ${quote(emptyTable(family))}`;
  return sources.map(branch).join(" union all ");
}

export interface YearTable {
  family: Family;
  table: string;
  key: number;
}

/**
 * The daily sales of one year share a table, every mall's partition in it under its mall (`_key`): a query
 * over all malls then reads one table a year instead of one per mall and year, which DuckDB plans and runs
 * about twice as fast. Other families keep a table per partition.
 */
export function yearTable(partition: string): YearTable | null {
  const p = parsePartition(partition);
  return p?.family === "sales_daily"
    ? { family: p.family, table: `y#${p.family}.${p.year}`, key: p.mall }
    : null;
}

/** Puts a partition's rows (a table made from its Arrow stream, dropped after) in its year table. */
export function yearTableLoadSql(y: YearTable, from: string | null) {
  const cols = columnsOf(y.family);
  const casts = cols.map(([c, t]) => `cast(${quote(c)} as ${t.duck})`).join(", ");
  return [
    `create table if not exists ${quote(y.table)} (${
      cols.map(([c, t]) => `${quote(c)} ${t.duck}`).join(", ")
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

// ---- the monthly sales: the server's family, or the pre-aggregate of loaded daily sales ----
/**
 * Per contract and month: amount, transactions, days with a closing, first and last day. The view of the
 * family 'sales_monthly' reads, per year, either the server's partition 'sales_monthly.<year>' (all malls,
 * fetched whole when a report needs only whole months of that year: engine.ts planPartitions) or a table
 * built in DuckDB from the daily partitions loaded for that year (duck-tables.ts #insert), so month,
 * year-to-date and SSS figures read a few rows per contract instead of every day; only a partial month's
 * days are read from the daily rows (web/src/reports/shared/sql.ts salesRowsSql).
 */
export const MONTHLY = "sales_monthly" satisfies Family;
/** The monthly table of a year table ('y#sales_daily.2025' → 'm#sales_daily.2025'). */
export const monthlyTable = (yearTableName: string) => `m#${yearTableName.slice(2)}`;
/** The year of a year table or of its monthly table ('m#sales_daily.2025' → 2025). */
export const yearOfTable = (table: string) => Number(table.slice(table.lastIndexOf(".") + 1));

/** (Re)builds the mall's rows of the year's monthly table from its year table. */
export function monthlyTableLoadSql(y: YearTable): string {
  const m = quote(monthlyTable(y.table)), k = Number(y.key);
  const cols = columnsOf(MONTHLY).map(([c, t]) => `${quote(c)} ${t.duck}`).join(", ");
  return [
    `create table if not exists ${m} (${cols}, "_key" INTEGER)`,
    `delete from ${m} where "_key" = ${k}`,
    `insert into ${m} select contract_id, date_trunc('month', day)::date, sum(amount_cents)::bigint,
       sum(transactions)::bigint, count(*)::int, min(day), max(day), ${k}
       from ${quote(y.table)} where "_key" = ${k} group by contract_id, date_trunc('month', day)`,
  ].join(";\n");
}

export const emptyTable = (family: Family) => `${family}#empty`;
export const partitionTable = (partition: string) => `p#${partition}`;

/** The family of a partition key ('sales_daily.3.2024' → 'sales_daily'). */
export const familyOfPartition = (partition: string): Family | null =>
  parsePartition(partition)?.family ?? null;
