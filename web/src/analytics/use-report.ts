// A report declares the partitions it reads and its DuckDB SQL; the hook loads, runs and keeps the last
// figures on screen while new ones are computed (a filter change replaces them when ready). Rows computed
// before at the same partition versions come from IndexedDB (results.ts) without running anything.

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import {
  allLoaded,
  type Catalog,
  catalog,
  ensurePartitions,
  type LoadProgress,
  prefetch,
  scopeViews,
  useLoadProgress,
} from "./catalog.ts";
import { ApiError, SESSION_EXPIRED } from "../lib/api.ts";
import { exclusive, measure, query, type Row } from "./duckdb.ts";
import { resultKey, storedRows, storeRows } from "./results.ts";

/** A failed report query: the SQL goes to the console, the screen shows the generic error. */
export class ReportError extends Error {
  constructor(readonly sql: string, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = "ReportError";
  }
}

export interface ReportSpec<T> {
  /** Identifies the figures: the report's name and its filters. */
  key: readonly unknown[];
  partitions: readonly string[];
  /** Named statements run in order; their rows go to `select`. */
  sql: Record<string, string>;
  select: (rows: Record<string, Row[]>, catalog: Catalog) => T;
  enabled?: boolean;
  /**
   * A report of the same screen to run first (its table before this chart): this one waits while that one
   * is pending, since both would otherwise queue in the one DuckDB connection in any order.
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

/** After the screen has its figures: loads what the next filter change will need, when the page is idle. */
function whenIdle(fn: () => void) {
  if ("requestIdleCallback" in globalThis) requestIdleCallback(fn, { timeout: 3_000 });
  else setTimeout(fn, 500);
}

/** A session that ended meanwhile (signed out, expired) is no report failure: the sign-in screen shows. */
const sessionGone = (e: unknown) => e instanceof ApiError && e.errorId === SESSION_EXPIRED;

export async function runReport<T>(spec: Pick<ReportSpec<T>, "partitions" | "sql" | "select">): Promise<T> {
  let cat: Catalog;
  try {
    cat = await catalog();
  } catch (e) {
    if (!sessionGone(e)) console.error("[reporte] no se pudo leer el catálogo de extractos", e);
    throw new ReportError("", e);
  }
  // With the partitions in DuckDB already (a filter change), computing is as quick as reading stored rows.
  if (!allLoaded(spec.partitions, cat)) {
    const stored = await storedRows(await resultKey(spec.partitions, spec.sql, cat));
    if (stored) {
      whenIdle(() => prefetch(spec.partitions));
      return spec.select(stored, cat);
    }
  }
  try {
    cat = await ensurePartitions(spec.partitions);
  } catch (e) {
    if (!sessionGone(e)) console.error("[reporte] no se pudieron cargar los extractos", spec.partitions, e);
    throw new ReportError("", e);
  }
  const out: Record<string, Row[]> = {};
  await exclusive(async () => {
    await scopeViews(spec.partitions);
    for (const [name, sql] of Object.entries(spec.sql)) {
      const t0 = performance.now();
      try {
        out[name] = await query(sql);
        measure(`query ${name}`, t0);
      } catch (e) {
        console.error(`[reporte] falló la consulta '${name}':`, e, `\n${sql}`);
        throw new ReportError(sql, e);
      }
    }
  });
  // Stored under the versions the rows were computed at (the catalogue may have moved on meanwhile).
  resultKey(spec.partitions, spec.sql, cat).then((key) => storeRows(key, out), () => {});
  return spec.select(out, cat);
}

export function useReport<T>(spec: ReportSpec<T>): ReportState<T> {
  const progress = useLoadProgress();
  const q = useQuery({
    queryKey: ["report", ...spec.key],
    queryFn: () => runReport(spec),
    placeholderData: keepPreviousData,
    enabled: (spec.enabled ?? true) && !spec.after?.pending,
    staleTime: 60_000,
    gcTime: 10 * 60_000,
  });
  const error = q.error ? (q.error instanceof ReportError ? q.error : new ReportError("", q.error)) : null;
  return { data: q.data, pending: q.isFetching || q.isPlaceholderData, error, progress };
}
