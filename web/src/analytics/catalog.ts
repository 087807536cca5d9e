// The extract catalogue in the browser: which partitions exist at which version, and loading the ones a
// report needs into DuckDB (their bytes from IndexedDB or the server, bytes.ts), with progress (bytes and
// rows) for the screen; and the views each report's queries read.

import { useSyncExternalStore } from "react";
import { get } from "../lib/api.ts";
import { exclusive, exec, loadArrowStream, measure } from "./duckdb.ts";
import { partitionBytes } from "./bytes.ts";
import {
  createTableSql,
  emptyTable,
  FAMILIES,
  type Family,
  familyOfPartition,
  familyViewSql,
  partitionTable,
  type ViewSource,
  yearTable,
  yearTableLoadSql,
} from "./tables.ts";

export interface CatalogEntry {
  partition: string;
  family: string;
  version: string;
  etag: string;
  rows: number | null;
  bytes: number | null;
}

export interface Catalog {
  today: string;
  format: number;
  families: string[];
  table: CatalogEntry[];
}

export interface LoadProgress {
  active: boolean;
  partitions: number;
  done: number;
  bytes: number;
  totalBytes: number;
  rows: number;
}

const CATALOG_TTL_MS = 60_000;
let catalogAt = 0;
let catalogPromise: Promise<Catalog> | null = null;

/** The catalogue, asked again after a minute so that edited closings reach open screens. */
export function catalog(force = false): Promise<Catalog> {
  if (force || !catalogPromise || Date.now() - catalogAt > CATALOG_TTL_MS) {
    catalogAt = Date.now();
    catalogPromise = get<Catalog>("/api/extracts/catalog", { quiet: true }).catch((e) => {
      catalogPromise = null;
      throw e;
    });
  }
  return catalogPromise;
}

// ---- progress, as an external store for React ----
let progress: LoadProgress = { active: false, partitions: 0, done: 0, bytes: 0, totalBytes: 0, rows: 0 };
const listeners = new Set<() => void>();
function setProgress(p: Partial<LoadProgress>) {
  progress = { ...progress, ...p };
  for (const l of listeners) l();
}
export function useLoadProgress(): LoadProgress {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, () => progress);
}

// ---- loading into DuckDB ----
/** Partition → version loaded in DuckDB now. */
const loaded = new Map<string, string>();
const empty = new Set<string>();
/** 'partition@version' → its load under way: screens asking at once share it. */
const inflight = new Map<string, Promise<void>>();
let prepared: Promise<void> | null = null;

/** The empty typed table and the view of every family, once per page. */
function prepare(): Promise<void> {
  prepared ??= (async () => {
    const t0 = performance.now();
    await exec(FAMILIES.flatMap((f) => [createTableSql(f, emptyTable(f)), familyViewSql(f, [])]).join(";\n"));
    measure("duckdb ready", t0);
  })().catch((e) => {
    prepared = null;
    throw e;
  });
  return prepared;
}

/**
 * Loads one partition at the catalogue's version. Its bytes come (bytes.ts) while the engine may still be
 * starting; only the load into DuckDB waits for it.
 */
async function loadOne(entry: CatalogEntry): Promise<number> {
  const t0 = performance.now();
  const { bytes, rows, saved } = await partitionBytes(
    entry,
    (n) => setProgress({ bytes: progress.bytes + n }),
  );
  await prepare();
  const year = yearTable(entry.partition);
  const staging = `s#${entry.partition}`;
  // The tables and what is known of them change together, never while a report reads (scopeViews).
  await exclusive(async () => {
    if (year) {
      // Its rows replace the mall's rows of the year table (none left when the partition is now empty).
      if (rows > 0) await loadArrowStream(staging, bytes);
      await exec(yearTableLoadSql(year, rows > 0 ? staging : null));
    } else if (rows > 0) await loadArrowStream(partitionTable(entry.partition), bytes);
    // An empty partition (every row deleted) has no rows anywhere: the family's empty table stands for it.
    if (rows > 0) empty.delete(entry.partition);
    else empty.add(entry.partition);
    loaded.set(entry.partition, entry.version);
  });
  await saved;
  measure(`extract ${entry.partition}`, t0);
  return rows;
}

function loadOnce(entry: CatalogEntry): Promise<void> {
  const key = `${entry.partition}@${entry.version}`;
  let p = inflight.get(key);
  if (!p) {
    if (inflight.size === 0) setProgress({ partitions: 0, done: 0, bytes: 0, totalBytes: 0, rows: 0 });
    setProgress({
      active: true,
      partitions: progress.partitions + 1,
      totalBytes: progress.totalBytes + (entry.bytes ?? 0),
    });
    p = loadOne(entry).then((rows) => setProgress({ done: progress.done + 1, rows: progress.rows + rows }))
      .finally(() => {
        inflight.delete(key);
        if (inflight.size === 0) setProgress({ active: false });
      });
    inflight.set(key, p);
  }
  return p;
}

/**
 * Makes the partitions available in DuckDB; those not in the catalogue have no rows (empty views). The
 * engine starts at once, while the catalogue and the bytes arrive.
 */
export async function ensurePartitions(partitions: readonly string[]): Promise<Catalog> {
  const ready = prepare();
  ready.catch(() => {});
  const cat = await catalog();
  const byKey = new Map(cat.table.map((e) => [e.partition, e]));
  const todo = [...new Set(partitions)].map((p) => byKey.get(p)).filter((e): e is CatalogEntry =>
    !!e && loaded.get(e.partition) !== e.version
  );
  await Promise.all([ready, ...todo.map(loadOnce)]);
  return cat;
}

/** Whether every partition of the catalogue named here is in DuckDB at its current version. */
export function allLoaded(partitions: readonly string[], cat: Catalog): boolean {
  const versions = new Map(cat.table.map((e) => [e.partition, e.version]));
  return prepared !== null && partitions.every((p) => !versions.has(p) || loaded.get(p) === versions.get(p));
}

/** Starts loading what a screen will ask for while it still waits for something else; errors are left to it. */
export function prefetch(partitions: readonly string[]): void {
  ensurePartitions(partitions).catch(() => {});
}

/** Family → the definition of its view now. */
const views = new Map<Family, string>();

/**
 * Points the view of each family the report names at exactly the partitions it names (loaded, with rows),
 * so a query reads the years it asked for and not every year loaded before. Call inside `exclusive`.
 */
export async function scopeViews(partitions: readonly string[]): Promise<void> {
  const sources = new Map<Family, ViewSource[]>();
  const years = new Map<string, { family: Family; keys: number[] }>();
  for (const p of [...new Set(partitions)].sort()) {
    const f = familyOfPartition(p);
    if (!f) continue;
    if (!sources.has(f)) sources.set(f, []);
    if (!loaded.has(p) || empty.has(p)) continue;
    const y = yearTable(p);
    if (!y) sources.get(f)!.push(partitionTable(p));
    else years.set(y.table, { family: f, keys: [...(years.get(y.table)?.keys ?? []), y.key] });
  }
  for (const [table, { family, keys }] of years) {
    // Read whole when the report names every partition the year table holds.
    const held = [...loaded.keys()].filter((p) => !empty.has(p) && yearTable(p)?.table === table).length;
    sources.get(family)!.push({ table, keys: held === keys.length ? null : keys.sort((a, b) => a - b) });
  }
  const ddl: string[] = [];
  for (const [f, list] of sources) {
    const sql = familyViewSql(f, list);
    if (views.get(f) === sql) continue;
    views.set(f, sql);
    ddl.push(sql);
  }
  if (ddl.length) await exec(ddl.join(";\n"));
}

/** Partition keys of a family for malls and years ('sales_daily' → 'sales_daily.3.2024'). */
export function salesPartitions(malls: readonly number[], years: readonly number[]): string[] {
  return malls.flatMap((m) => years.map((y) => `sales_daily.${m}.${y}`));
}

export const yearly = (
  family: "budgets" | "traffic_pedestrian" | "traffic_parking",
  years: readonly number[],
) => years.map((y) => `${family}.${y}`);
