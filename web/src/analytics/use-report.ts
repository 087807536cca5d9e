// A screen's reports through the page's coordinator (browser.ts): the hook runs a report's statements when its
// key changes and keeps the last figures on screen while new ones are computed (a filter change replaces them
// when ready).

import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect, useRef, useSyncExternalStore } from "react";
import type { Catalog } from "#contract/extracts.ts";
import { engine } from "./browser.ts";
import { measure, type RowsOf, type Statements } from "./connector.ts";
import { type LoadProgress, ReportError } from "./engine.ts";
import { prefetchPlan } from "./plan.ts";

export { ReportError };
export type { LoadProgress };

export interface ReportSpec<S extends Statements, T> {
  /**
   * The report's short name (its measures 'report <name>' and 'render <name>', its warm-up count). Its
   * figures are identified by the name, the statements' SQL and the partitions (`reportKey`): a filter the
   * SQL reads cannot be left out of the identity, and a view that reads the same SQL (Ventas Mensual's m2
   * view) computes nothing.
   */
  name: string;
  /**
   * What `select` reads besides the rows and the catalogue (none so far): part of the figures' identity, as
   * the SQL is.
   */
  key?: readonly unknown[];
  /** Every partition the statements read, dimensions included (report.ts builds them). */
  partitions: readonly string[];
  /** Named statements run in order; their typed rows go to `select`. */
  statements: S;
  select: (rows: RowsOf<S>, catalog: Catalog) => T;
  enabled?: boolean;
  /**
   * A report of the same screen to run first (its table before this chart): this one waits while that one
   * is pending, since both would otherwise queue in the coordinator in any order.
   */
  after?: { pending: boolean };
  /**
   * The same report for the filters a person most likely picks next (the month after, the other switch),
   * most likely first: computed one by one when the page is idle, from the partitions loaded, so stepping
   * to them shows the figures at once (docs/decisions.md, 'Figures computed ahead').
   */
  next?: () => readonly ReportSpec<S, T>[];
}

export interface ReportState<T> {
  data: T | undefined;
  /** True while the figures on screen are not those of the current filters. */
  pending: boolean;
  error: ReportError | null;
  progress: LoadProgress;
}

/** The bytes and rows of the partitions loading now (the screens' progress line). */
export const useLoadProgress = (): LoadProgress => useSyncExternalStore(engine.subscribe, engine.progress);

const STALE_MS = 60_000;
const GC_MS = 10 * 60_000;
/** A 53-bit hash of a text (cyrb53): the query key holds it instead of a statement's whole SQL. */
function textHash(text: string): string {
  let h1 = 0xdeadbeef, h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * The query key of a report's figures: its name, what its statements read (their SQL and the partitions; the
 * engine keeps their rows by the same, statements.ts) and the spec's own `key`.
 */
export const reportKey = (
  spec: Pick<ReportSpec<Statements, unknown>, "name" | "key" | "partitions" | "statements">,
) => {
  const sql = Object.entries(spec.statements).map(([name, s]) => `${name}\n${s.sql}`);
  return [
    "report",
    spec.name,
    textHash(JSON.stringify([[...spec.partitions].sort(), sql])),
    ...(spec.key ?? []),
  ];
};

/**
 * Computes the next filters' reports when the page is idle, one at a time, each only when its partitions are
 * loaded and its figures are not kept already; stops when `cancelled()` (the filters changed again). Resolves
 * when done.
 */
function computeAhead<S extends Statements, T>(
  client: QueryClient,
  specs: readonly ReportSpec<S, T>[],
  cancelled: () => boolean,
): Promise<void> {
  return new Promise((done) => {
    const step = (i: number) => {
      if (cancelled() || i >= specs.length || !aheadOn()) return done();
      const s = specs[i];
      const key = reportKey(s);
      if (s.enabled === false || client.getQueryState(key)?.status === "success") return step(i + 1);
      engine.whenQuiet(() => {
        if (cancelled()) return done();
        engine.ahead(s)
          .then((r) => {
            countRun(s);
            if (!cancelled() && client.getQueryState(key)?.status !== "success") {
              client.setQueryData(key, s.select(r.rows, r.catalog), { updatedAt: Date.now() });
            }
          })
          // Not loaded (it would download), or failed: a change to it computes it as any other.
          .catch(() => {})
          .finally(() => step(i + 1));
      });
    };
    step(0);
  });
}

/**
 * Compute-ahead is on unless the page says otherwise: the benchmark's line of changes nobody foresaw sets
 * `__reportsAheadOff` before the app runs (tests/bench/analytics_fresh.ts).
 */
const aheadOn = () => !(globalThis as { __reportsAheadOff?: boolean }).__reportsAheadOff;

/** Report name → how many times this page computed its statements (shown, ahead or warming). */
const computed = new Map<string, number>();
const countRun = ({ name }: { name: string }) => computed.set(name, (computed.get(name) ?? 0) + 1);
/**
 * A report's statements run this many times in a page before a person's change finds DuckDB's code optimized
 * by V8: a fresh page's first statements took 15 to 130 ms where the same took 3 to 15 ms after a few runs
 * (issue 36's measure).
 */
const WARM_RUNS = 4;

/**
 * While the page is idle, runs the report's statements with other filters whose partitions are loaded (the
 * next filters' specs), else with its own, until the page has computed them WARM_RUNS times; the rows are
 * dropped. One statement set at a time, each when no report computes: a person's change goes first and stops
 * the rest (`cancelled`).
 */
function warmUp<S extends Statements, T>(
  own: ReportSpec<S, T>,
  others: readonly ReportSpec<S, T>[],
  cancelled: () => boolean,
): Promise<void> {
  const specs = [...others.filter((s) => s.enabled !== false), own];
  return new Promise((done) => {
    const step = (i: number, misses: number) => {
      if (cancelled() || (computed.get(own.name) ?? 0) >= WARM_RUNS) return done();
      // Every spec tried in turn found a partition not loaded: nothing to warm with.
      if (misses >= specs.length) return done();
      const s = specs[i % specs.length];
      engine.whenQuiet(() => {
        if (cancelled()) return done();
        engine.ahead(s, "warm")
          .then(() => (countRun(own), step(i + 1, 0)), () => step(i + 1, misses + 1));
      });
    };
    step(0, 0);
  });
}

/** When a report's figures were ready: the render measure runs from there to the commit that shows them. */
const readyAt = new WeakMap<object, number>();

/** The query that computes a report's figures (the same for the screen's hook and a route's early start). */
function reportQuery<S extends Statements, T>(spec: ReportSpec<S, T>) {
  return queryOptions({
    queryKey: reportKey(spec),
    queryFn: async () => {
      const t0 = performance.now();
      const r = await engine.run(spec);
      countRun(spec);
      // 'report <report>': the engine's whole run (catalogue, plan, loads, views and queries).
      measure(`report ${spec.name}`, t0);
      const data = spec.select(r.rows, r.catalog);
      if (data && typeof data === "object") readyAt.set(data, performance.now());
      return data;
    },
    staleTime: STALE_MS,
    gcTime: GC_MS,
  });
}

/**
 * Starts computing a report as soon as its filters are known (a route's beforeLoad, on a filter change), before
 * the screen renders them: DuckDB works in its worker while React draws the filters, and the screen's
 * useReport of the same key finds the computation under way.
 */
export function startReport<S extends Statements, T>(client: QueryClient, spec: ReportSpec<S, T>): void {
  if (spec.enabled === false) return;
  // Not the figures on screen (a change of the URL that keeps the key, e.g. a view of the same figures): the
  // screen computes nothing then, where a start would compute them again once stale.
  const shown = client.getQueryCache().find({ queryKey: reportKey(spec), exact: true });
  if (shown?.getObserversCount()) return;
  client.prefetchQuery(reportQuery(spec));
}

export function useReport<S extends Statements, T>(spec: ReportSpec<S, T>): ReportState<T> {
  const progress = useLoadProgress();
  const client = useQueryClient();
  const q = useQuery({
    ...reportQuery(spec),
    placeholderData: keepPreviousData,
    enabled: (spec.enabled ?? true) && !spec.after?.pending,
  });
  // Once the figures of these filters are on screen, the partitions next to them load when idle (figures
  // found ahead computed nothing that would have loaded them) and the likely next filters are computed ahead.
  const shown = q.isSuccess && !q.isFetching && !q.isPlaceholderData;
  const specRef = useRef(spec);
  specRef.current = spec;
  const keyText = JSON.stringify(reportKey(spec));
  useEffect(() => {
    if (!shown) return;
    let off = false;
    // In a task of its own: React runs the effects of a filter change's commit in the change's task, and
    // planning the next filters' reports (their statements and partitions) is not the change's work.
    const timer = setTimeout(() => {
      const now = specRef.current;
      const specs = now.next?.() ?? [];
      const around = now.enabled === false ? Promise.resolve() : engine.around(now).catch(() => {});
      // Those whose partitions are loaded now, then, once the partitions next to these filters are (the month
      // after, when the figures were found ahead and nothing loaded it), the others.
      computeAhead(client, specs, () => off)
        .then(() => around)
        .then(() => computeAhead(client, specs, () => off))
        .then(() => now.enabled === false ? undefined : warmUp(now, specs, () => off));
    }, 0);
    return () => {
      off = true;
      clearTimeout(timer);
    };
  }, [shown, keyText, client]);
  useEffect(() => {
    const t0 = q.data && typeof q.data === "object" ? readyAt.get(q.data) : undefined;
    if (t0 === undefined) return;
    readyAt.delete(q.data as object);
    // 'render <report>': React's work and the commit for new figures (the bench reports it apart from queries).
    measure(`render ${spec.name}`, t0);
  }, [q.data]);
  const error = q.error ? (q.error instanceof ReportError ? q.error : new ReportError("", q.error)) : null;
  return { data: q.data, pending: q.isFetching || q.isPlaceholderData, error, progress };
}

/**
 * Starts loading the partitions the screen's first report will most likely name, from the catalogue alone,
 * while the base is still being read: their download overlaps the start of DuckDB (on a revisit, held until a
 * report has to compute: engine.ts prefetchOnOpen).
 */
export const prefetch = (partitions: (cat: Catalog) => readonly string[]) =>
  engine.prefetchOnOpen((cat) => prefetchPlan(partitions(cat), cat));
