// The only module that touches DuckDB-WASM: it starts the database lazily in a Web Worker, behind one
// promise, from bundles served by our own origin (no cross-origin-isolated build), and runs SQL on it.

import * as duckdb from "@duckdb/duckdb-wasm";
import ehWorker from "@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url";
import mvpWorker from "@duckdb/duckdb-wasm/dist/duckdb-browser-mvp.worker.js?url";
import ehWasm from "@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url";
import mvpWasm from "@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm?url";

export type Row = Record<string, unknown>;

interface Engine {
  db: duckdb.AsyncDuckDB;
  conn: duckdb.AsyncDuckDBConnection;
}

let engine: Promise<Engine> | null = null;

/** A User Timing entry (DevTools' performance panel, the benchmark) from t0 to now. */
export function measure(name: string, t0: number): void {
  try {
    performance.measure(name, { start: t0, end: performance.now() });
  } catch { /* no User Timing */ }
}

async function start(): Promise<Engine> {
  const t0 = performance.now();
  const bundle = await duckdb.selectBundle({
    mvp: { mainModule: mvpWasm, mainWorker: mvpWorker },
    eh: { mainModule: ehWasm, mainWorker: ehWorker },
  });
  const worker = new Worker(bundle.mainWorker!);
  const db = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), worker);
  await db.instantiate(bundle.mainModule, bundle.pthreadWorker);
  const conn = await db.connect();
  measure("duckdb start", t0);
  return { db, conn };
}

/** The running engine; the first call starts it (a failed start is retried by the next call). */
export function engineReady(): Promise<Engine> {
  engine ??= start().catch((e) => {
    engine = null;
    throw e;
  });
  return engine;
}

let lock: Promise<unknown> = Promise.resolve();

/**
 * Runs fn alone: a report's views and queries, or the replacement of a partition's table, never interleave
 * with another's (the worker would otherwise run them in any order).
 */
export function exclusive<T>(fn: () => Promise<T>): Promise<T> {
  const run = lock.then(fn, fn);
  lock = run.catch(() => {});
  return run;
}

/** Whether the engine was started in this page (for the loading indicator). */
export const engineStarted = () => engine !== null;

/** A plain value for the screens: bigints as numbers, dates as 'YYYY-MM-DD' (reports cast the rest). */
function plain(v: unknown): unknown {
  if (typeof v === "bigint") return Number(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return v;
}

/** Runs one statement and returns its rows as plain objects. */
export async function query(sql: string): Promise<Row[]> {
  const { conn } = await engineReady();
  const table = await conn.query(sql);
  const names = table.schema.fields.map((f) => f.name);
  const cols = names.map((n) => table.getChild(n)!);
  const rows: Row[] = new Array(table.numRows);
  for (let i = 0; i < table.numRows; i++) {
    const row: Row = {};
    names.forEach((n, ci) => (row[n] = plain(cols[ci].get(i))));
    rows[i] = row;
  }
  return rows;
}

/** Runs statements that return nothing (DDL). */
export async function exec(sql: string): Promise<void> {
  const { conn } = await engineReady();
  await conn.query(sql);
}

/** Creates a table from an Arrow IPC stream; the buffer is handed to the worker (detached here). */
export async function loadArrowStream(table: string, bytes: Uint8Array): Promise<void> {
  const { conn } = await engineReady();
  await conn.query(`drop table if exists "${table.replaceAll('"', '""')}"`);
  await conn.insertArrowFromIPCStream(bytes, { name: table, create: true });
}
