// The report engine's Connector over native DuckDB (@duckdb/node-api), for the report tests: the same
// engine, tables and report SQL as the browser's DuckDB-WASM, with a partition's Arrow IPC stream loaded
// through apache-arrow and DuckDB's appender (native DuckDB reads no Arrow stream without an extension).

import { dateValue, type DuckDBAppender, DuckDBInstance } from "@duckdb/node-api";
import { type DataType, tableFromIPC, Type } from "apache-arrow";
import { type Connector, plain, type Row } from "../../web/src/analytics/connector.ts";

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const DAY_MS = 86_400_000;

/** The DuckDB type DuckDB-WASM gives an Arrow column, and how to append one of its values. */
function columnOf(type: DataType): { sql: string; append: (a: DuckDBAppender, v: unknown) => void } {
  switch (type.typeId) {
    case Type.Int: {
      const bits = (type as unknown as { bitWidth: number }).bitWidth;
      if (bits === 16) return { sql: "SMALLINT", append: (a, v) => a.appendSmallInt(Number(v)) };
      if (bits === 32) return { sql: "INTEGER", append: (a, v) => a.appendInteger(Number(v)) };
      return { sql: "BIGINT", append: (a, v) => a.appendBigInt(BigInt(v as number)) };
    }
    case Type.Float:
      return { sql: "DOUBLE", append: (a, v) => a.appendDouble(Number(v)) };
    case Type.Date:
      // apache-arrow reads date32 as milliseconds since 1970-01-01 (or a Date).
      return {
        sql: "DATE",
        append: (a, v) =>
          a.appendDate(dateValue(Math.round(Number(v instanceof Date ? v.getTime() : v) / DAY_MS))),
      };
    case Type.Utf8:
      return { sql: "VARCHAR", append: (a, v) => a.appendVarchar(String(v)) };
    default:
      throw new Error(`Cannot load an Arrow column of type ${type}: not used by any extract family`);
  }
}

/**
 * Keeps the event loop ticking while a native call is pending. Deno's Node-API can lose the wake-up of a
 * call finished on another thread (denoland/deno#24010, 'a waker for a threadsafe function might get lost'):
 * the suite's report batch then waited in epoll with no timeout, every DuckDB thread idle, for over ten
 * minutes (a CI run of 1,088 s where the folder takes 18 s). A timer due every 20 ms makes the loop poll
 * again, and a finished call's result is picked up on the next tick.
 */
let pending = 0;
let beat: ReturnType<typeof setInterval> | undefined;
async function awake<T>(call: () => Promise<T>): Promise<T> {
  if (pending++ === 0) beat = setInterval(() => {}, 20);
  try {
    return await call();
  } finally {
    if (--pending === 0) clearInterval(beat);
  }
}

/** A fresh in-memory DuckDB behind the Connector interface; close it with `close()`. */
export async function nativeConnector(): Promise<Connector & { close(): void }> {
  const con = await awake(async () => await (await DuckDBInstance.create(":memory:")).connect());
  return {
    async query<R = Row>(sql: string): Promise<R[]> {
      const rows = (await awake(() => con.runAndReadAll(sql))).getRowObjectsJS();
      return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, plain(v)]))) as R[];
    },
    async exec(sql: string): Promise<void> {
      await awake(() => con.run(sql));
    },
    async loadArrow(table: string, bytes: Uint8Array): Promise<void> {
      const arrow = tableFromIPC(bytes);
      const cols = arrow.schema.fields.map((f) => ({ name: f.name, ...columnOf(f.type) }));
      await awake(() => con.run(`drop table if exists ${quote(table)}`));
      await awake(() =>
        con.run(`create table ${quote(table)} (${cols.map((c) => `${quote(c.name)} ${c.sql}`).join(", ")})`)
      );
      const appender = await awake(() => con.createAppender(table));
      const vectors = cols.map((c) => arrow.getChild(c.name)!);
      for (let i = 0; i < arrow.numRows; i++) {
        cols.forEach((c, ci) => {
          const v = vectors[ci].get(i);
          if (v == null) appender.appendNull();
          else c.append(appender, v);
        });
        appender.endRow();
      }
      appender.closeSync();
    },
    close: () => con.closeSync(),
  };
}
