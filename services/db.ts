import { PGlite, types } from "@electric-sql/pglite";
import postgres from "postgres";
import { noteAvailable } from "./db_faults.ts";

export type Row = Record<string, unknown>;
export type Params = readonly unknown[];

/** The one database interface services use; the same SQL runs on PGlite and PostgreSQL. */
export interface Queryable {
  /** `prepare`: a hot query kept parsed and planned per PostgreSQL connection (ignored on PGlite). */
  query<T = Row>(text: string, params?: Params, opts?: QueryOptions): Promise<T[]>;
}

export interface QueryOptions {
  prepare?: boolean;
}

export interface Db extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs a script of several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
  /** Runs fn in one transaction; a thrown error rolls it back. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Bulk load of tab-separated text (COPY ... FROM STDIN format). */
  copyIn(table: string, columns: string[], tsv: string): Promise<void>;
  close(): Promise<void>;
}

// Dates stay 'YYYY-MM-DD' strings and big integers and numerics become numbers, on both drivers.
const asNumber = (x: string) => Number(x);
const asText = (x: string) => x;

export type PgliteDb = Db & { readonly pglite: PGlite };

export const pgliteParsers = { [types.INT8]: asNumber, [types.NUMERIC]: asNumber, [types.DATE]: asText };

export async function openPglite(dataDir?: string): Promise<PgliteDb> {
  // PGlite makes only the last folder of the path (data/bench on a fresh clone has no data/ yet).
  if (dataDir) await Deno.mkdir(dataDir, { recursive: true });
  const pg = new PGlite({ dataDir, parsers: pgliteParsers });
  await pg.waitReady;
  return wrapPglite(pg);
}

export function wrapPglite(pg: PGlite): PgliteDb {
  const one = (q: { query: PGlite["query"] }): Queryable => ({
    async query<T>(text: string, params: Params = []) {
      const r = await q.query<T>(text, params as unknown[]);
      return r.rows;
    },
  });
  return {
    kind: "pglite",
    pglite: pg,
    ...one(pg),
    exec: async (text) => {
      await pg.exec(text);
    },
    tx: (fn) => pg.transaction((t) => fn(one(t))),
    async copyIn(table, columns, tsv) {
      await pg.query(`copy ${table} (${columns.join(",")}) from '/dev/blob'`, [], {
        blob: new Blob([tsv]),
      });
    },
    close: () => pg.close(),
  };
}

/** `max` connections in the pool; 1 lets a caller run a transaction with plain 'begin' (tests do). */
export function openPostgres(url: string, opts: { max?: number } = {}): Db {
  const sql = postgres(url, {
    max: opts.max ?? 10,
    // A database that does not answer fails the request in seconds (a 503, services/db_faults.ts), not 30.
    connect_timeout: 5,
    onnotice: () => {},
    types: {
      bigint: { to: 20, from: [20], serialize: String, parse: asNumber },
      numeric: { to: 1700, from: [1700], serialize: String, parse: asNumber },
      date: { to: 1082, from: [1082], serialize: String, parse: asText },
    },
  });
  const one = (s: postgres.Sql | postgres.TransactionSql): Queryable => ({
    async query<T>(text: string, params: Params = [], opts: QueryOptions = {}) {
      // deno-lint-ignore no-explicit-any
      const rows = await s.unsafe(text, params as any[], {
        prepare: opts.prepare ?? false,
      }) as unknown as T[];
      noteAvailable();
      return rows;
    },
  });
  return {
    kind: "postgres",
    ...one(sql),
    exec: async (text) => {
      await sql.unsafe(text);
    },
    tx: (fn) => sql.begin((t) => fn(one(t))) as Promise<never>,
    async copyIn(table, columns, tsv) {
      const stream = await sql.unsafe(`copy ${table} (${columns.join(",")}) from stdin`).writable();
      await new Promise<void>((resolve, reject) => {
        stream.on("error", reject);
        stream.on("finish", resolve);
        stream.end(tsv);
      });
    },
    close: () => sql.end({ timeout: 5 }),
  };
}

/** PGlite by default (under dataDir), PostgreSQL when a URL is given. */
export function openDb(opts: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  return opts.databaseUrl ? Promise.resolve(openPostgres(opts.databaseUrl)) : openPglite(opts.dataDir);
}
