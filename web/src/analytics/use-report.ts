// A screen's reports through the page's coordinator (browser.ts): the hook runs a report's statements when its
// key changes and keeps the last figures on screen while new ones are computed (a filter change replaces them
// when ready).

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useSyncExternalStore } from "react";
import type { Catalog } from "../../../contract/extracts.ts";
import { engine } from "./browser.ts";
import { measure, type RowsOf, type Statements } from "./connector.ts";
import { type LoadProgress, ReportError } from "./engine.ts";
import { prefetchPlan } from "./plan.ts";

export { ReportError };
export type { LoadProgress };

export interface ReportSpec<S extends Statements, T> {
  /** Identifies the figures: the report's name and its filters. */
  key: readonly unknown[];
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

export function useReport<S extends Statements, T>(spec: ReportSpec<S, T>): ReportState<T> {
  const progress = useLoadProgress();
  // When the figures were ready: the render measure runs from there to the commit that shows them.
  const readyAt = useRef(new WeakMap<object, number>());
  const q = useQuery({
    queryKey: ["report", ...spec.key],
    queryFn: async () => {
      const t0 = performance.now();
      const r = await engine.run(spec);
      // 'report <report>': the engine's whole run (catalogue, plan, loads, views and queries).
      measure(`report ${String(spec.key[0])}`, t0);
      const data = spec.select(r.rows, r.catalog);
      if (data && typeof data === "object") readyAt.current.set(data, performance.now());
      return data;
    },
    placeholderData: keepPreviousData,
    enabled: (spec.enabled ?? true) && !spec.after?.pending,
    staleTime: 60_000,
    gcTime: 10 * 60_000,
  });
  useEffect(() => {
    const t0 = q.data && typeof q.data === "object" ? readyAt.current.get(q.data) : undefined;
    if (t0 === undefined) return;
    readyAt.current.delete(q.data as object);
    // 'render <report>': React's work and the commit for new figures (the bench reports it apart from queries).
    measure(`render ${String(spec.key[0])}`, t0);
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
