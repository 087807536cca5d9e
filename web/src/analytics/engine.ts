// The report coordinator: one instance owns what a page knows of the extracts (the catalogue, the partitions
// fetched and what of them DuckDB holds (duck-tables.ts), the loads under way and their progress) and runs
// reports' statements through a Connector (DuckDB), one report at a time. The browser makes
// one over DuckDB-WASM (browser.ts); the report tests make one over native DuckDB with fixture partitions, so
// both run the same code.

import type { Catalog, CatalogEntry } from "#contract/extracts.ts";
import { measure, type Row, type RowsOf, type Statements } from "./connector.ts";
import {
  type EngineOptions,
  type LoadProgress,
  NotLoaded,
  ReportError,
  type ReportRun,
  type ResultCache,
} from "./engine-contract.ts";
import { DuckTables } from "./duck-tables.ts";
import { neighbours, planPartitions } from "./plan.ts";
import { resultKey, shapeRows, withScope } from "./statements.ts";

export { dailyMonthsRead, dailyYearsRead, neighbours, planPartitions } from "./plan.ts";
export { resultKey, withScope } from "./statements.ts";
export {
  type EngineOptions,
  type LoadProgress,
  NotLoaded,
  type PartitionBytes,
  type PartitionSource,
  ReportError,
  type ReportRun,
  type ResultCache,
} from "./engine-contract.ts";

const NO_PROGRESS: LoadProgress = { active: false, partitions: 0, done: 0, bytes: 0, totalBytes: 0, rows: 0 };

export class ReportEngine {
  readonly #o: EngineOptions;
  #catalog: Promise<Catalog> | null = null;
  #catalogAt = 0;
  #catalogChanges = 0;
  #progress = NO_PROGRESS;
  readonly #listeners = new Set<() => void>();
  /**
   * 'partition@version' → its load under way: reports asking at once share it. Shown: counted in the
   * progress line, as soon as a screen waits for it (an idle prefetch of the next years is not shown).
   */
  readonly #inflight = new Map<string, { done: Promise<void>; shown: boolean; entry: CatalogEntry }>();
  /** A screen's first fetch, held while stored rows may answer its reports (a revisit). */
  #held: (readonly string[] | ((cat: Catalog) => readonly string[]))[] = [];
  #lock: Promise<unknown> = Promise.resolve();
  /** Reports computing now, and what waits for none to be (the idle loads). */
  #running = 0;
  readonly #quiet: (() => void)[] = [];
  /** The partitions fetched and what of them DuckDB holds (put there only when a report's SQL reads them). */
  readonly #duck: DuckTables;

  constructor(options: EngineOptions) {
    this.#o = options;
    this.#duck = new DuckTables(options.connector, (fn) => this.exclusive(fn));
  }

  // ---- the catalogue ----
  /** The catalogue, asked again after the TTL, after a save of this page changed the extracts, or with force. */
  catalog(force = false): Promise<Catalog> {
    const ttl = this.#o.catalogTtlMs ?? 60_000;
    const changes = this.#o.changes?.() ?? 0;
    if (force || !this.#catalog || Date.now() - this.#catalogAt > ttl || changes !== this.#catalogChanges) {
      this.#catalogAt = Date.now();
      this.#catalogChanges = changes;
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
  /** One partition's bytes at the catalogue's version, kept for DuckDB. */
  async #loadOne(entry: CatalogEntry, shown: () => boolean): Promise<number> {
    const t0 = performance.now();
    const { bytes, rows, saved } = await this.#o.source.bytes(
      entry,
      (n) => shown() && this.#setProgress({ bytes: this.#progress.bytes + n }),
    );
    this.#duck.fetched.set(entry.partition, {
      version: entry.version,
      family: entry.family,
      rows,
      bytes: rows > 0 ? bytes : null,
    });
    // Kept for a later visit before a report reads them: a page closed right after its first report (the
    // benchmark's revisit, a person's quick look) must leave them stored (tried without: a revisit downloaded).
    await saved;
    measure(`extract ${entry.partition}`, t0);
    return rows;
  }

  /** Counts a load in the progress line (once): a screen waits for it. */
  #show(load: { shown: boolean; entry: CatalogEntry }) {
    if (load.shown) return;
    if (![...this.#inflight.values()].some((l) => l.shown)) this.#setProgress({ ...NO_PROGRESS });
    load.shown = true;
    this.#setProgress({
      active: true,
      partitions: this.#progress.partitions + 1,
      totalBytes: this.#progress.totalBytes + (load.entry.bytes ?? 0),
    });
  }

  #loadOnce(entry: CatalogEntry, shown: boolean): Promise<void> {
    const key = `${entry.partition}@${entry.version}`;
    let load = this.#inflight.get(key);
    if (!load) {
      const l = { done: Promise.resolve(), shown: false, entry };
      l.done = this.#loadOne(entry, () => l.shown)
        .then((rows) => {
          if (l.shown) this.#setProgress({ done: this.#progress.done + 1, rows: this.#progress.rows + rows });
        })
        .finally(() => {
          this.#inflight.delete(key);
          if (![...this.#inflight.values()].some((x) => x.shown)) this.#setProgress({ active: false });
        });
      this.#inflight.set(key, l);
      load = l;
    }
    if (shown) this.#show(load);
    return load.done;
  }

  /**
   * Fetches the partitions at the catalogue's version (DuckDB takes them when a report's SQL reads them);
   * those not in the catalogue have no rows (empty views). Shown: the loads appear in the progress line (a
   * screen waits for them); an idle prefetch's do not until a screen waits for them.
   */
  async ensure(partitions: readonly string[], shown = true): Promise<Catalog> {
    const cat = await this.catalog();
    const byKey = new Map(cat.table.map((e) => [e.partition, e]));
    const todo = [...new Set(partitions)].map((p) => byKey.get(p)).filter((e): e is CatalogEntry =>
      !!e && this.#duck.fetched.get(e.partition)?.version !== e.version
    );
    await Promise.all(todo.map((e) => this.#loadOnce(e, shown)));
    return cat;
  }

  /** Whether every partition of the catalogue named here is fetched at its current version. */
  allLoaded(partitions: readonly string[], cat: Catalog): boolean {
    const versions = new Map(cat.table.map((e) => [e.partition, e.version]));
    return partitions.every((p) =>
      !versions.has(p) || this.#duck.fetched.get(p)?.version === versions.get(p)
    );
  }

  /**
   * What a screen opening will likely read, fetched while its base is read. In a browser that kept report
   * rows, held until a report has to compute or, when stored rows answered, loaded when
   * the page is idle: a revisit with nothing changed starts no engine and loads nothing meanwhile.
   */
  prefetchOnOpen(partitions: (cat: Catalog) => readonly string[]): void {
    const any = this.#duck.started ? null : this.#o.results?.any?.();
    if (!any) {
      // DuckDB starts beside the download: the first report waits for the slower of the two.
      this.warm();
      return this.prefetch(partitions);
    }
    this.#held.push(partitions);
    any.then((kept) => kept || this.#release(false), () => this.#release(false));
    // A revisit reads stored rows first; DuckDB starts when the page is idle, for the first filter change.
    this.#whenQuiet(() => this.warm());
  }

  /**
   * Runs fn when the page is idle and no report is computing: a screen's own reports go first (an idle load
   * takes the engine for its insert, and a dashboard's last chart waited behind those of the next years).
   */
  #whenQuiet(fn: () => void): void {
    const idle = this.#o.whenIdle ?? setTimeout;
    const go = () => (this.#running > 0 ? this.#quiet.push(() => idle(go)) : fn());
    idle(go);
  }

  /** Runs fn when the page is idle and no report computes (a report computed ahead waits for that). */
  whenQuiet(fn: () => void): void {
    this.#whenQuiet(fn);
  }

  /**
   * The report's rows computed now, ahead of a filter change the person has not made yet (the next month,
   * the other switch), only from partitions already loaded (NotLoaded otherwise): it downloads nothing and
   * keeps nothing between visits. Its statements are measured as 'ahead …' (or 'warm …': run only to have V8
   * optimize DuckDB's code, use-report.ts), not 'query …'.
   */
  async ahead<S extends Statements>(
    report: ReportRun<S>,
    as: "ahead" | "warm" = "ahead",
  ): Promise<{ rows: RowsOf<S>; catalog: Catalog }> {
    const cat = await this.catalog();
    const { sql, partitions } = this.#plan(report, cat);
    // The loads under way first: on a revisit the screen's own partitions load when idle, after stored rows.
    await Promise.allSettled([...this.#inflight.values()].map((l) => l.done));
    if (!this.allLoaded(partitions, cat)) throw new NotLoaded();
    return this.#computeShaped(report.statements, partitions, sql, cat, undefined, as);
  }

  /**
   * The partitions next to a report's, loaded when the page is idle, for figures shown without computing them
   * from its loaded partitions (found ahead): stepping month by month, every other step downloaded its month,
   * since only a computed report loaded the months next to it. Resolves once they are loaded (or failed): a
   * step computed ahead from them waits for that.
   */
  async around(report: ReportRun<Statements>): Promise<void> {
    const cat = await this.catalog();
    const { partitions } = this.#plan(report, cat);
    // Not for rows stored by an earlier visit (its partitions not loaded): a revisit downloads nothing.
    if (this.allLoaded(partitions, cat)) await this.#prefetchNeighbours(partitions, cat);
  }

  /** The next likely years, months and malls load while the page is idle: picking them needs no download. */
  #prefetchNeighbours(partitions: readonly string[], cat: Catalog): Promise<void> {
    if (!this.#o.whenIdle) return Promise.resolve();
    const next = neighbours(partitions, cat);
    if (this.allLoaded(next, cat)) return Promise.resolve();
    return new Promise((done) =>
      this.#whenQuiet(() =>
        this.ensure(next, false).then(() => {
          done();
          this.#putAhead(next);
        }, () => done())
      )
    );
  }

  /**
   * The loaded neighbours put in DuckDB when the page is idle, one partition at a time (its table and its
   * year's pre-aggregate): a change to them then starts computing at once, where it inserted them first.
   */
  #putAhead(partitions: readonly string[]): void {
    const todo = [...partitions];
    const step = () => {
      const p = todo.shift();
      if (p === undefined) return;
      this.#duck.put([p]).then(() => this.#whenQuiet(step), () => {});
    };
    this.#whenQuiet(step);
  }

  /**
   * Starts DuckDB (its module, its worker, the families' tables) while the screen still downloads its
   * partitions: the first report then waits for the slower of the two, not for both one after the other.
   */
  warm(): void {
    this.#duck.prepare().catch(() => {});
  }

  /** The held first fetches: now (a report computes) or when the page is idle (stored rows answered). */
  #release(idle: boolean): void {
    for (const p of this.#held.splice(0)) {
      if (idle) this.#whenQuiet(() => this.prefetch(p, true));
      else this.prefetch(p);
    }
  }

  /**
   * Starts loading what a screen will ask for while it still waits for something else (shown in the
   * progress line), or, idle, what a next filter change will likely ask for (not shown); errors are the
   * report's own.
   */
  prefetch(partitions: readonly string[] | ((cat: Catalog) => readonly string[]), idle = false): void {
    const named = typeof partitions === "function"
      ? this.catalog().then(partitions)
      : Promise.resolve(partitions);
    named.then((p) => this.ensure(p, !idle)).catch(() => {});
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
    let cat: Catalog;
    try {
      cat = await this.catalog();
    } catch (e) {
      this.#fail("read the extract catalogue", e);
    }
    const { sql, partitions } = this.#plan(report, cat);
    const results = report.keep === false ? undefined : this.#o.results;
    // With the partitions in DuckDB already (a filter change), computing is as quick as reading stored rows.
    if (results && !this.allLoaded(partitions, cat)) {
      const stored = await results.read(await resultKey(partitions, sql, cat));
      if (stored) {
        this.#whenQuiet(() => this.prefetch(partitions, true));
        this.#release(true);
        return { rows: shapeRows(statements, stored), catalog: cat };
      }
    }
    this.#release(false);
    return this.#computeShaped(statements, partitions, sql, cat, results);
  }

  /** The report's SQL by statement, and the partitions it reads (planPartitions: whole months where it can). */
  #plan(report: ReportRun<Statements>, cat: Catalog) {
    const sql = Object.fromEntries(Object.entries(report.statements).map(([k, s]) => [k, s.sql]));
    const partitions = this.#o.monthlyFamily === false
      ? report.partitions
      : planPartitions(report.partitions, Object.values(sql), cat);
    return { sql, partitions };
  }

  /** #compute counted as a report computing (the idle loads wait for none to be), its rows shaped. */
  async #computeShaped<S extends Statements>(
    statements: S,
    partitions: readonly string[],
    sql: Record<string, string>,
    cat: Catalog,
    results: ResultCache | undefined,
    ahead: "ahead" | "warm" | null = null,
  ): Promise<{ rows: RowsOf<S>; catalog: Catalog }> {
    this.#running++;
    try {
      const computed = await this.#compute(partitions, sql, cat, results, ahead);
      return { rows: shapeRows(statements, computed.rows), catalog: computed.catalog };
    } finally {
      if (--this.#running === 0) { for (const f of this.#quiet.splice(0)) f(); }
    }
  }

  /** A report's rows computed in DuckDB on its partitions (loaded first), as DuckDB answers them. */
  async #compute(
    partitions: readonly string[],
    sql: Record<string, string>,
    cat: Catalog,
    results: ResultCache | undefined,
    ahead: "ahead" | "warm" | null = null,
  ): Promise<{ rows: Record<string, Row[]>; catalog: Catalog }> {
    try {
      cat = await this.ensure(partitions);
    } catch (e) {
      this.#fail("load the extracts", e, partitions);
    }
    try {
      await this.#duck.put(partitions);
    } catch (e) {
      this.#fail("load the extracts", e, partitions);
    }
    const out: Record<string, Row[]> = {};
    await this.exclusive(async () => {
      const ctes = await this.#duck.scopeViews(partitions);
      // Statements of the same SQL shaped two ways (Flash Semanal's weeks and projection) run once.
      const ran = new Map<string, Row[]>();
      for (const [name, original] of Object.entries(sql)) {
        const text = withScope(original, ctes);
        const same = ran.get(text);
        if (same) {
          out[name] = same;
          continue;
        }
        const t0 = performance.now();
        try {
          out[name] = await this.#o.connector.query(text);
          ran.set(text, out[name]);
          measure(`${ahead ?? "query"} ${name}`, t0);
        } catch (e) {
          console.error(`[report] Cannot run the query '${name}':`, e, `\n${text}`);
          throw new ReportError(text, e);
        }
      }
    });
    // Stored under the versions the rows were computed at (the catalogue may have moved on meanwhile). At
    // once, not when the page is idle: a page closed right after its first report must leave its rows for
    // the revisit (deferred, half the screens' revisits took 1.5 to 2.1 s instead of 0.6 s in the bench; a
    // page's first report often finds its partitions loaded by the screen's prefetch, so 'partitions already
    // loaded' does not tell a filter change from a first report either: tried, the same revisits took 2 s).
    if (results) resultKey(partitions, sql, cat).then((key) => results.write(key, out), () => {});
    if (!ahead) this.#prefetchNeighbours(partitions, cat);
    return { rows: out, catalog: cat };
  }
}
