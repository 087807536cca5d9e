// The DuckDB-WASM connector, the only module that touches DuckDB-WASM: it starts the database lazily in a Web
// Worker, behind one promise, from bundles served by our own origin (no cross-origin-isolated build).
//
// Only the 'eh' bundle (WebAssembly exception handling: Chrome and Edge 95+, Firefox 100+, Safari 15.2+, every
// browser of the last four years) is shipped: the 'mvp' fallback was another 39 MB to build, compress and
// serve for browsers the portal does not support (docs/decisions.md).

import * as duckdb from "@duckdb/duckdb-wasm";
import { DataType } from "apache-arrow";
import ehWorker from "@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url";
import ehWasm from "@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url";
import { type Connector, measure, plain, type Row } from "./connector.ts";

interface Engine {
  db: duckdb.AsyncDuckDB;
  conn: duckdb.AsyncDuckDBConnection;
}

let engine: Promise<Engine> | null = null;

/**
 * DuckDB's worker, its module compiled from the wasm file's own response. duckdb-wasm wraps that response in
 * a new one to count the bytes downloaded (when TransformStream exists), and Chrome keeps a module's compiled
 * and optimized code only for a response of its HTTP cache: every page compiled DuckDB afresh and ran its
 * statements two to three times slower until V8 had optimized them again (a Ranking de Ventas por Mall
 * statement 56 to 72 ms at first, 20 ms after some 30 runs). Without TransformStream the worker streams the
 * response as it is, and a later page of the same browser starts with the optimized code (docs/decisions.md).
 * The worker then warns that it counts no bytes (we show none): that one warning is dropped.
 */
function duckdbWorker(): Worker {
  const script = `self.TransformStream = undefined;
const warn = console.warn;
console.warn = (...a) => String(a[0]).startsWith("instantiating without progress handler") || warn(...a);
importScripts(${JSON.stringify(new URL(ehWorker, location.href).href)});`;
  // Not revoked: the worker may fetch its script after the constructor returns (one small blob a page).
  return new Worker(URL.createObjectURL(new Blob([script], { type: "text/javascript" })));
}

async function start(): Promise<Engine> {
  const t0 = performance.now();
  const db = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), duckdbWorker());
  await db.instantiate(new URL(ehWasm, location.href).href);
  const conn = await db.connect();
  measure("duckdb start", t0);
  return { db, conn };
}

/** The running engine; the first call starts it (a failed start is retried by the next call). */
function engineReady(): Promise<Engine> {
  engine ??= start().catch((e) => {
    engine = null;
    throw e;
  });
  return engine;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export const wasmConnector: Connector = {
  async query<R = Row>(sql: string): Promise<R[]> {
    const { conn } = await engineReady();
    const table = await conn.query(sql);
    const names = table.schema.fields.map((f) => f.name);
    const cols = names.map((n) => table.getChild(n)!);
    // apache-arrow reads a DATE as milliseconds since 1970-01-01: the same 'YYYY-MM-DD' as native DuckDB's.
    const dates = table.schema.fields.map((f) => DataType.isDate(f.type));
    const rows: Row[] = new Array(table.numRows);
    for (let i = 0; i < table.numRows; i++) {
      const row: Row = {};
      names.forEach((n, ci) => {
        const v = cols[ci].get(i);
        row[n] = dates[ci] && typeof v === "number" ? new Date(v).toISOString().slice(0, 10) : plain(v);
      });
      rows[i] = row;
    }
    return rows as R[];
  },
  async exec(sql: string): Promise<void> {
    const { conn } = await engineReady();
    await conn.query(sql);
  },
  async loadArrow(table: string, bytes: Uint8Array): Promise<void> {
    const { conn } = await engineReady();
    await conn.query(`drop table if exists ${quote(table)}`);
    // The buffer is handed to the worker (detached here).
    await conn.insertArrowFromIPCStream(bytes, { name: table, create: true });
  },
};
