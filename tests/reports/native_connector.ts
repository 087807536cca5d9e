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

/** A fresh in-memory DuckDB behind the Connector interface; close it with `close()`. */
export async function nativeConnector(): Promise<Connector & { close(): void }> {
  const con = await (await DuckDBInstance.create(":memory:")).connect();
  return {
    async query<R = Row>(sql: string): Promise<R[]> {
      const rows = (await con.runAndReadAll(sql)).getRowObjectsJS();
      return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, plain(v)]))) as R[];
    },
    async exec(sql: string): Promise<void> {
      await con.run(sql);
    },
    async loadArrow(table: string, bytes: Uint8Array): Promise<void> {
      const arrow = tableFromIPC(bytes);
      const cols = arrow.schema.fields.map((f) => ({ name: f.name, ...columnOf(f.type) }));
      await con.run(`drop table if exists ${quote(table)}`);
      await con.run(
        `create table ${quote(table)} (${cols.map((c) => `${quote(c.name)} ${c.sql}`).join(", ")})`,
      );
      const appender = await con.createAppender(table);
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
