// The page of tests/bench/wasm_replay.ts: DuckDB-WASM's 'eh' bundle in a worker, as `globalThis.h` (the
// replay calls it by name). Bundled for the browser by the replay itself.

import * as duckdb from "@duckdb/duckdb-wasm";

let conn: duckdb.AsyncDuckDBConnection;
export const h = {
  async start(worker: string, wasm: string) {
    const db = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), new Worker(worker));
    await db.instantiate(wasm);
    conn = await db.connect();
  },
  /** Statements that return nothing, separated by ';'. */
  async exec(sql: string) {
    await conn.query(sql);
  },
  async load(table: string, url: string) {
    const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    await conn.query(`drop table if exists "${table.replaceAll('"', '""')}"`);
    await conn.insertArrowFromIPCStream(bytes, { name: table, create: true });
  },
  /** A statement's rows as JSON (bigints as numbers). */
  async query(sql: string) {
    const t = await conn.query(sql);
    return JSON.stringify(
      t.toArray().map((r) => r.toJSON()),
      (_, v) => typeof v === "bigint" ? Number(v) : v,
    );
  },
  /** Interleaved runs of each variant: its setup untimed, then its statement timed (ms per run, `gap` ms apart). */
  async time(variants: Record<string, { setup: string; sql: string }>, runs: number, gap = 0) {
    const out: Record<string, number[]> = {};
    for (let r = 0; r < runs; r++) {
      for (const [name, v] of Object.entries(variants)) {
        if (gap) await new Promise((res) => setTimeout(res, gap));
        await conn.query(v.setup);
        const t0 = performance.now();
        await conn.query(v.sql);
        (out[name] ??= []).push(performance.now() - t0);
      }
    }
    return out;
  },
};
(globalThis as unknown as { h: typeof h }).h = h;
