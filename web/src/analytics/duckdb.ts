// The DuckDB-WASM connector, the only module that touches DuckDB-WASM: it starts the database lazily in a Web
// Worker, behind one promise, from bundles served by our own origin (no cross-origin-isolated build).
//
// Only the 'eh' bundle (WebAssembly exception handling: Chrome and Edge 95+, Firefox 100+, Safari 15.2+, every
// browser of the last four years) is shipped: the 'mvp' fallback was another 39 MB to build, compress and
// serve for browsers the portal does not support (docs/decisions.md).

import * as duckdb from "@duckdb/duckdb-wasm";
import ehWorker from "@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url";
import ehWasm from "@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url";
import { type Connector, measure, plain, type Row } from "./connector.ts";

interface Engine {
  db: duckdb.AsyncDuckDB;
  conn: duckdb.AsyncDuckDBConnection;
}

let engine: Promise<Engine> | null = null;

async function start(): Promise<Engine> {
  const t0 = performance.now();
  const worker = new Worker(ehWorker);
  const db = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), worker);
  await db.instantiate(ehWasm);
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
    const rows: Row[] = new Array(table.numRows);
    for (let i = 0; i < table.numRows; i++) {
      const row: Row = {};
      names.forEach((n, ci) => (row[n] = plain(cols[ci].get(i))));
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
