// The partitions' bytes a page fetched and what of them DuckDB holds: a partition is put in DuckDB when a
// report's SQL reads it (`put`), or ahead when the page is idle. The engine (engine.ts) fetches into `fetched`,
// and runs `put` and `scopeViews` for every report.

import { parsePartition } from "#contract/extracts.ts";
import { type Connector, measure } from "./connector.ts";
import { DAYS } from "./plan.ts";
import {
  createTableSql,
  emptyTable,
  FAMILIES,
  type Family,
  familyOfPartition,
  familySelectSql,
  familyViewSql,
  MONTHLY,
  monthlyTable,
  monthlyTableLoadSql,
  partitionTable,
  type ViewSource,
  yearOfTable,
  yearTable,
  yearTableLoadSql,
} from "./tables.ts";

/** A partition's bytes fetched at a version. */
export interface Fetched {
  version: string;
  family: string;
  rows: number;
  /** Until DuckDB takes them (null then, and for an empty partition). */
  bytes: Uint8Array | null;
}

export class DuckTables {
  readonly #connector: Connector;
  readonly #exclusive: <T>(fn: () => Promise<T>) => Promise<T>;
  /** Partition → its bytes fetched at a version, kept until DuckDB takes them, and its columns. */
  readonly fetched = new Map<string, Fetched>();
  /** Partition → version in DuckDB now; the empty ones (every row deleted) apart. */
  readonly #loaded = new Map<string, string>();
  readonly #empty = new Set<string>();
  #prepared: Promise<void> | null = null;
  /** Family → the definition of its view now. */
  readonly #views = new Map<Family, string>();

  /** exclusive: the engine's one-report-at-a-time lock (tables never change while a report reads). */
  constructor(connector: Connector, exclusive: <T>(fn: () => Promise<T>) => Promise<T>) {
    this.#connector = connector;
    this.#exclusive = exclusive;
  }

  /** Whether DuckDB was started (or is starting). */
  get started(): boolean {
    return this.#prepared !== null;
  }

  /** Starts DuckDB: the empty typed table and the view of every family, once. */
  prepare(): Promise<void> {
    this.#prepared ??= (async () => {
      const t0 = performance.now();
      const ddl = FAMILIES.flatMap((f) => [createTableSql(f, emptyTable(f)), familyViewSql(f, [])]);
      await this.#connector.exec(ddl.join(";\n"));
      measure("duckdb ready", t0);
    })().catch((e) => {
      this.#prepared = null;
      throw e;
    });
    return this.#prepared;
  }

  /** Puts the named partitions fetched in DuckDB at their version; starts DuckDB. Not in `exclusive`. */
  async put(partitions: readonly string[]): Promise<void> {
    await this.prepare();
    for (const p of new Set(partitions)) {
      if (this.fetched.has(p) && this.#loaded.get(p) !== this.fetched.get(p)!.version) await this.#insert(p);
    }
  }

  /** A fetched partition into DuckDB: its own table, or its mall's rows of the year table and pre-aggregate. */
  #insert(partition: string): Promise<void> {
    // The tables and what is known of them change together, never while a report reads (scopeViews).
    return this.#exclusive(async () => {
      const f = this.fetched.get(partition);
      if (!f || this.#loaded.get(partition) === f.version) return;
      const t0 = performance.now();
      // The connector takes the buffer over.
      const { rows } = f, bytes = f.bytes ?? new Uint8Array(0);
      f.bytes = null;
      const year = yearTable(partition);
      const staging = `s#${partition}`;
      if (year) {
        // Its rows replace the mall's rows of the year table (none left when the partition is now empty).
        if (rows > 0) await this.#connector.loadArrow(staging, bytes);
        // The monthly pre-aggregate of the mall's year is rebuilt with it, once per loaded version.
        const t1 = performance.now();
        await this.#connector.exec(
          `${yearTableLoadSql(year, rows > 0 ? staging : null)};\n${monthlyTableLoadSql(year)}`,
        );
        measure(`preaggregate ${partition}`, t1);
      } else if (rows > 0) await this.#connector.loadArrow(partitionTable(partition), bytes);
      // An empty partition has no rows anywhere: the family's empty table stands for it.
      if (rows > 0) this.#empty.delete(partition);
      else this.#empty.add(partition);
      this.#loaded.set(partition, f.version);
      measure(`duckdb ${partition}`, t0);
    });
  }

  /**
   * Scopes each family the report names to exactly the partitions it names (loaded, with rows), so a query
   * reads the years it asked for and not every year loaded before. A family's view is defined once (its
   * first scope); a report whose scope differs reads the family through a CTE of the same name put before
   * its statements (withScope), which DuckDB inlines as it would the view: no DDL per filter change (a
   * view's redefinition cost as much as the query). Returns those CTEs. Call inside the engine's `exclusive`.
   */
  async scopeViews(partitions: readonly string[]): Promise<string[]> {
    const sources = new Map<Family, ViewSource[]>();
    const years = new Map<string, { family: Family; keys: number[] }>();
    for (const p of [...new Set(partitions)].sort()) {
      // A month's days of every mall are rows of the view 'sales_daily', as the year's daily partitions.
      const named = familyOfPartition(p);
      const f = named === DAYS ? "sales_daily" : named;
      if (!f) continue;
      if (!sources.has(f)) sources.set(f, []);
      if (!this.#loaded.has(p) || this.#empty.has(p)) continue;
      const y = yearTable(p);
      if (!y) sources.get(f)!.push(partitionTable(p));
      else years.set(y.table, { family: f, keys: [...(years.get(y.table)?.keys ?? []), y.key] });
    }
    for (const [table, { family, keys }] of years) {
      // Read whole when the report names every partition the year table holds.
      const held = [...this.#loaded.keys()].filter((p) =>
        !this.#empty.has(p) && yearTable(p)?.table === table
      );
      sources.get(family)!.push({
        table,
        keys: held.length === keys.length ? null : keys.sort((a, b) => a - b),
      });
    }
    // The monthly sales of a year: the server's partition when the report names it, else the pre-aggregate
    // of the daily partitions it names for that year (same year tables, same malls).
    const served = new Set(
      partitions.map(parsePartition).filter((p) => p?.family === MONTHLY).map((p) => p!.year),
    );
    for (const s of sources.get("sales_daily") ?? []) {
      if (typeof s === "string" || served.has(yearOfTable(s.table))) continue;
      if (!sources.has(MONTHLY)) sources.set(MONTHLY, []);
      sources.get(MONTHLY)!.push({ table: monthlyTable(s.table), keys: s.keys });
    }
    const ddl: string[] = [], ctes: string[] = [];
    for (const [f, list] of sources) {
      const view = familyViewSql(f, list);
      if (this.#views.get(f) === view) continue;
      if (this.#views.has(f)) ctes.push(`"${f}" as not materialized (${familySelectSql(f, list)})`);
      else {
        this.#views.set(f, view);
        ddl.push(view);
      }
    }
    if (ddl.length) await this.#connector.exec(ddl.join(";\n"));
    return ctes;
  }
}
