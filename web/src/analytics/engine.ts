// The report coordinator: one instance owns what a page knows of the extracts (the catalogue, the partitions
// loaded in DuckDB and their views, the loads under way and their progress) and runs reports' statements
// through a Connector, one report at a time. The browser makes one over DuckDB-WASM (browser.ts); the report
// tests make one over native DuckDB with fixture partitions, so both run the same code.

import { type Catalog, type CatalogEntry, parsePartition, partitionKey } from "../../../contract/extracts.ts";
import { type Connector, measure, type Row, type RowsOf, type Statements } from "./connector.ts";
import {
  createTableSql,
  emptyTable,
  FAMILIES,
  type Family,
  familyOfPartition,
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

/** Where partitions come from: the server (bytes.ts, IndexedDB first) or a test's fixture. */
export interface PartitionSource {
  catalog(): Promise<Catalog>;
  bytes(entry: CatalogEntry, onBytes: (n: number) => void): Promise<PartitionBytes>;
}

export interface PartitionBytes {
  bytes: Uint8Array;
  rows: number;
  /** Settles when the bytes are kept for a later visit (at once when nothing is kept). */
  saved: Promise<unknown>;
}

/** Rows of reports computed before, by a key of their SQL and partition versions (results.ts). */
export interface ResultCache {
  read(key: string): Promise<Record<string, Row[]> | null>;
  write(key: string, rows: Record<string, Row[]>): void;
}

export interface LoadProgress {
  active: boolean;
  partitions: number;
  done: number;
  bytes: number;
  totalBytes: number;
  rows: number;
}

export interface EngineOptions {
  connector: Connector;
  source: PartitionSource;
  results?: ResultCache;
  /** Runs fn when the page is idle (loads that a stored result let the screen skip). */
  whenIdle?: (fn: () => void) => void;
  /** A failure nobody needs in the console (a session that ended: the sign-in screen shows). */
  quiet?: (e: unknown) => boolean;
  /** The catalogue is asked again after this long, so edited closings reach open screens. */
  catalogTtlMs?: number;
  /** False: never read the server's monthly partitions in place of daily ones (the tests compare both). */
  monthlyFamily?: boolean;
}

/** What a report runs: the partitions it reads (every one, dimensions included) and its statements. */
export interface ReportRun<S extends Statements> {
  partitions: readonly string[];
  statements: S;
  /** False: the rows are neither looked up nor kept between visits (an export's bulk rows). */
  keep?: boolean;
}

/**
 * The partitions a next filter change will likely name after a report that named these: the years next to
 * each year of daily sales named (a comparison year one click away) for the same malls, the other malls of
 * the years named, and the monthly sales (a few kilobytes) of the years named and those next to them. Only
 * those in the catalogue.
 */
export function neighbours(partitions: readonly string[], cat: Catalog): string[] {
  const named = new Set(partitions);
  const parsed = partitions.map(parsePartition);
  const sales = parsed.filter((p) => p?.family === "sales_daily");
  const years = new Set(sales.map((p) => p!.year));
  const malls = new Set(sales.map((p) => p!.mall));
  const monthly = new Set(
    parsed.filter((p) => p?.family === "sales_daily" || p?.family === MONTHLY).map((p) => p!.year),
  );
  const want = (p: ReturnType<typeof parsePartition>) =>
    !!p && !named.has(p.key) &&
    ((p.family === "sales_daily" &&
      ((years.has(p.year) && !malls.has(p.mall)) ||
        (malls.has(p.mall) && (years.has(p.year - 1) || years.has(p.year + 1))))) ||
      (p.family === MONTHLY &&
        (monthly.has(p.year) || monthly.has(p.year - 1) || monthly.has(p.year + 1))));
  return cat.table.map((e) => parsePartition(e.partition)).filter(want).map((p) => p!.key);
}

/** salesRowsSql's daily branch (web/src/reports/shared/sql.ts): the days it reads are in its text. */
const DAYS_READ = /\bsales_daily where day between DATE '(\d{4})-\d\d-\d\d' and DATE '(\d{4})-\d\d-\d\d'/g;

/**
 * The years whose daily sales the statements read, or null when one reads them other than through
 * salesRowsSql's daily branch (a chart by day, a listing): then which days it reads is not known here.
 */
export function dailyYearsRead(sql: readonly string[]): Set<number> | null {
  const years = new Set<number>();
  for (const text of sql) {
    const all = text.match(/\bsales_daily\b/g)?.length ?? 0;
    let known = 0;
    for (const m of text.matchAll(DAYS_READ)) {
      known++;
      for (let y = Number(m[1]); y <= Number(m[2]); y++) years.add(y);
    }
    if (known !== all) return null;
  }
  return years;
}

/**
 * The partitions a report reads: a year whose daily sales it names for every mall of the catalogue and
 * whose days its statements never read (only whole months, through the view 'sales_monthly') is read from
 * the server's monthly partition of that year instead, tens of kilobytes rather than every mall's days.
 */
export function planPartitions(partitions: readonly string[], sql: readonly string[], cat: Catalog) {
  const inCatalog = new Set(cat.table.map((e) => e.partition));
  const daily = new Map<number, string[]>();
  for (const e of cat.table) {
    const p = parsePartition(e.partition);
    if (p?.family === "sales_daily") daily.set(p.year, [...(daily.get(p.year) ?? []), p.key]);
  }
  const named = new Set(partitions);
  const years = [...new Set(partitions.map(parsePartition).filter((p) => p?.family === "sales_daily"))]
    .map((p) => p!.year);
  const candidates = years.filter((y) =>
    inCatalog.has(partitionKey(MONTHLY, y)) && (daily.get(y) ?? []).every((k) => named.has(k))
  );
  if (candidates.length === 0) return partitions;
  const read = dailyYearsRead(sql);
  const swap = new Set(read ? candidates.filter((y) => !read.has(y)) : []);
  if (swap.size === 0) return partitions;
  const kept = partitions.filter((k) => {
    const p = parsePartition(k);
    return !(p?.family === "sales_daily" && swap.has(p.year));
  });
  return [...new Set([...kept, ...[...swap].sort().map((y) => partitionKey(MONTHLY, y))])];
}

/** A failed report: the SQL goes to the console, the screen shows the generic error. */
export class ReportError extends Error {
  constructor(readonly sql: string, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = "ReportError";
  }
}

async function digest(text: string): Promise<string> {
  // crypto.subtle exists only in secure contexts (https, localhost); elsewhere the text itself is the key.
  if (!globalThis.crypto?.subtle) return text;
  const hash = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The key of a report's rows: they depend only on its SQL and the versions of the partitions it names, so
 * rows stored under the same key are the same figures.
 */
export function resultKey(partitions: readonly string[], sql: Record<string, string>, cat: Catalog) {
  const versions = new Map(cat.table.map((e) => [e.partition, e.version]));
  const parts = [...new Set(partitions)].sort().map((p) => `${p}@${versions.get(p) ?? "-"}`);
  return digest(JSON.stringify([cat.format, parts, sql]));
}

const NO_PROGRESS: LoadProgress = { active: false, partitions: 0, done: 0, bytes: 0, totalBytes: 0, rows: 0 };

export class ReportEngine {
  readonly #o: EngineOptions;
  #catalog: Promise<Catalog> | null = null;
  #catalogAt = 0;
  #progress = NO_PROGRESS;
  readonly #listeners = new Set<() => void>();
  /** Partition → version loaded in DuckDB now; the empty ones (every row deleted) apart. */
  readonly #loaded = new Map<string, string>();
  readonly #empty = new Set<string>();
  /** 'partition@version' → its load under way: reports asking at once share it. */
  readonly #inflight = new Map<string, Promise<void>>();
  #prepared: Promise<void> | null = null;
  /** Family → the definition of its view now. */
  readonly #views = new Map<Family, string>();
  #lock: Promise<unknown> = Promise.resolve();

  constructor(options: EngineOptions) {
    this.#o = options;
  }

  // ---- the catalogue ----
  /** The catalogue, asked again after the TTL (or now, with force). */
  catalog(force = false): Promise<Catalog> {
    const ttl = this.#o.catalogTtlMs ?? 60_000;
    if (force || !this.#catalog || Date.now() - this.#catalogAt > ttl) {
      this.#catalogAt = Date.now();
      this.#catalog = this.#o.source.catalog().catch((e) => {
        this.#catalog = null;
        throw e;
      });
    }
    return this.#catalog;
  }

  // ---- progress, as an external store (useSyncExternalStore) ----
  readonly subscribe = (listener: () => void): () => void => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };
  readonly progress = (): LoadProgress => this.#progress;
  #setProgress(p: Partial<LoadProgress>) {
    this.#progress = { ...this.#progress, ...p };
    for (const l of this.#listeners) l();
  }

  // ---- one report at a time ----
  /**
   * Runs fn alone: a report's views and queries, or the replacement of a partition's table, never interleave
   * with another's (the connector would otherwise run them in any order).
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.#lock.then(fn, fn);
    this.#lock = run.catch(() => {});
    return run;
  }

  // ---- loading partitions ----
  /** The empty typed table and the view of every family, once. */
  #prepare(): Promise<void> {
    this.#prepared ??= (async () => {
      const t0 = performance.now();
      const ddl = FAMILIES.flatMap((f) => [createTableSql(f, emptyTable(f)), familyViewSql(f, [])]);
      await this.#o.connector.exec(ddl.join(";\n"));
      measure("duckdb ready", t0);
    })().catch((e) => {
      this.#prepared = null;
      throw e;
    });
    return this.#prepared;
  }

  /** One partition at the catalogue's version: its bytes come while the engine may still be starting. */
  async #loadOne(entry: CatalogEntry): Promise<number> {
    const t0 = performance.now();
    const { connector } = this.#o;
    const { bytes, rows, saved } = await this.#o.source.bytes(
      entry,
      (n) => this.#setProgress({ bytes: this.#progress.bytes + n }),
    );
    await this.#prepare();
    const year = yearTable(entry.partition);
    const staging = `s#${entry.partition}`;
    // The tables and what is known of them change together, never while a report reads (#scopeViews).
    await this.exclusive(async () => {
      if (year) {
        // Its rows replace the mall's rows of the year table (none left when the partition is now empty).
        if (rows > 0) await connector.loadArrow(staging, bytes);
        // The monthly pre-aggregate of the mall's year is rebuilt with it, once per loaded version.
        const t1 = performance.now();
        await connector.exec(
          `${yearTableLoadSql(year, rows > 0 ? staging : null)};\n${monthlyTableLoadSql(year)}`,
        );
        measure(`preaggregate ${entry.partition}`, t1);
      } else if (rows > 0) await connector.loadArrow(partitionTable(entry.partition), bytes);
      // An empty partition has no rows anywhere: the family's empty table stands for it.
      if (rows > 0) this.#empty.delete(entry.partition);
      else this.#empty.add(entry.partition);
      this.#loaded.set(entry.partition, entry.version);
    });
    await saved;
    measure(`extract ${entry.partition}`, t0);
    return rows;
  }

  #loadOnce(entry: CatalogEntry): Promise<void> {
    const key = `${entry.partition}@${entry.version}`;
    let p = this.#inflight.get(key);
    if (!p) {
      if (this.#inflight.size === 0) this.#setProgress({ ...NO_PROGRESS });
      this.#setProgress({
        active: true,
        partitions: this.#progress.partitions + 1,
        totalBytes: this.#progress.totalBytes + (entry.bytes ?? 0),
      });
      p = this.#loadOne(entry)
        .then((rows) =>
          this.#setProgress({ done: this.#progress.done + 1, rows: this.#progress.rows + rows })
        )
        .finally(() => {
          this.#inflight.delete(key);
          if (this.#inflight.size === 0) this.#setProgress({ active: false });
        });
      this.#inflight.set(key, p);
    }
    return p;
  }

  /**
   * Makes the partitions available in DuckDB; those not in the catalogue have no rows (empty views). The
   * engine starts at once, while the catalogue and the bytes arrive.
   */
  async ensure(partitions: readonly string[]): Promise<Catalog> {
    const ready = this.#prepare();
    ready.catch(() => {});
    const cat = await this.catalog();
    const byKey = new Map(cat.table.map((e) => [e.partition, e]));
    const todo = [...new Set(partitions)].map((p) => byKey.get(p)).filter((e): e is CatalogEntry =>
      !!e && this.#loaded.get(e.partition) !== e.version
    );
    await Promise.all([ready, ...todo.map((e) => this.#loadOnce(e))]);
    return cat;
  }

  /** Whether every partition of the catalogue named here is in DuckDB at its current version. */
  allLoaded(partitions: readonly string[], cat: Catalog): boolean {
    const versions = new Map(cat.table.map((e) => [e.partition, e.version]));
    return this.#prepared !== null &&
      partitions.every((p) => !versions.has(p) || this.#loaded.get(p) === versions.get(p));
  }

  /** Starts loading what a screen will ask for while it still waits for something else; errors are its own. */
  prefetch(partitions: readonly string[] | ((cat: Catalog) => readonly string[])): void {
    const named = typeof partitions === "function"
      ? this.catalog().then(partitions)
      : Promise.resolve(partitions);
    named.then((p) => this.ensure(p)).catch(() => {});
  }

  /**
   * Points the view of each family the report names at exactly the partitions it names (loaded, with rows),
   * so a query reads the years it asked for and not every year loaded before. Call inside `exclusive`.
   */
  async #scopeViews(partitions: readonly string[]): Promise<void> {
    const sources = new Map<Family, ViewSource[]>();
    const years = new Map<string, { family: Family; keys: number[] }>();
    for (const p of [...new Set(partitions)].sort()) {
      const f = familyOfPartition(p);
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
    const views = new Map<Family, string>();
    for (const [f, list] of sources) views.set(f, familyViewSql(f, list));
    const ddl: string[] = [];
    for (const [f, sql] of views) {
      if (this.#views.get(f) === sql) continue;
      this.#views.set(f, sql);
      ddl.push(sql);
    }
    if (ddl.length) await this.#o.connector.exec(ddl.join(";\n"));
  }

  // ---- running a report ----
  #fail(what: string, e: unknown, ...detail: unknown[]): never {
    if (!this.#o.quiet?.(e)) console.error(`[report] Cannot ${what}:`, ...detail, e);
    throw new ReportError("", e);
  }

  /**
   * The report's rows, typed by its statements: stored rows when the partitions are not loaded and nothing
   * changed since they were computed, else computed on the named partitions (loaded first).
   */
  async run<S extends Statements>(report: ReportRun<S>): Promise<{ rows: RowsOf<S>; catalog: Catalog }> {
    const { statements } = report;
    const sql = Object.fromEntries(Object.entries(statements).map(([k, s]) => [k, s.sql]));
    let cat: Catalog;
    try {
      cat = await this.catalog();
    } catch (e) {
      this.#fail("read the extract catalogue", e);
    }
    const partitions = this.#o.monthlyFamily === false
      ? report.partitions
      : planPartitions(report.partitions, Object.values(sql), cat);
    const results = report.keep === false ? undefined : this.#o.results;
    // With the partitions in DuckDB already (a filter change), computing is as quick as reading stored rows.
    if (results && !this.allLoaded(partitions, cat)) {
      const stored = await results.read(await resultKey(partitions, sql, cat));
      if (stored) {
        (this.#o.whenIdle ?? setTimeout)(() => this.prefetch(partitions));
        return { rows: stored as RowsOf<S>, catalog: cat };
      }
    }
    try {
      cat = await this.ensure(partitions);
    } catch (e) {
      this.#fail("load the extracts", e, partitions);
    }
    const out: Record<string, Row[]> = {};
    await this.exclusive(async () => {
      await this.#scopeViews(partitions);
      for (const [name, text] of Object.entries(sql)) {
        const t0 = performance.now();
        try {
          out[name] = await this.#o.connector.query(text);
          measure(`query ${name}`, t0);
        } catch (e) {
          console.error(`[report] Cannot run the query '${name}':`, e, `\n${text}`);
          throw new ReportError(text, e);
        }
      }
    });
    // Stored under the versions the rows were computed at (the catalogue may have moved on meanwhile).
    if (results) resultKey(partitions, sql, cat).then((key) => results.write(key, out), () => {});
    // The next likely years and malls load while the page is idle, so picking them needs no download.
    const { whenIdle } = this.#o;
    if (whenIdle) {
      const next = neighbours(partitions, cat);
      if (!this.allLoaded(next, cat)) whenIdle(() => this.prefetch(next));
    }
    return { rows: out as RowsOf<S>, catalog: cat };
  }
}
