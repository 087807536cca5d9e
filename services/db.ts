import { PGlite, types } from "@electric-sql/pglite";
import postgres from "postgres";
import { guardClosedConnections, isDatabaseUnavailable, noteAvailable } from "./db_faults.ts";

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
  const connect = () =>
    postgres(url, {
      max: opts.max ?? 10,
      // A database that does not answer fails the request in seconds (a 503, services/db_faults.ts), not 30.
      connect_timeout: 5,
      // postgres.js waits before opening a connection again after one failed (up to 20 s as failures add
      // up), and the requests queued behind it wait in turn, one wait per request and connection: 200
      // sessions waited 20 s and more in a restart. Without the wait a refused connection fails its request
      // at once (a 503) and the first request after the database's return reaches it (issue 42, item 7).
      backoff: () => 0,
      onnotice: () => {},
      types: {
        bigint: { to: 20, from: [20], serialize: String, parse: asNumber },
        numeric: { to: 1700, from: [1700], serialize: String, parse: asNumber },
        date: { to: 1082, from: [1082], serialize: String, parse: asText },
      },
    });
  let sql = connect();
  let closed = false;
  /** Whether this pool lost the database since it was made: it is then renewed once the database answers. */
  let failed = false;
  // A connection that died inside a transaction can be left unusable by postgres.js (services/db_faults.ts):
  // once the database is back, a pool that lived through the outage is replaced by a new one. Only that pool:
  // another (a test's, holding a transaction open) is left alone.
  const renew = () => {
    if (closed || !failed) return;
    failed = false;
    const old = sql;
    sql = connect();
    old.end({ timeout: 5 }).catch(() => {});
  };
  pools.add(renew);
  const watch = async <T>(work: Promise<T>): Promise<T> => {
    try {
      const out = await work;
      noteAvailable();
      renew();
      return out;
    } catch (e) {
      if (isDatabaseUnavailable(e)) failed = true;
      throw e;
    }
  };
  const one = (s: () => postgres.Sql | postgres.TransactionSql, top: boolean): Queryable => ({
    query<T>(text: string, params: Params = [], opts: QueryOptions = {}) {
      // deno-lint-ignore no-explicit-any
      const rows = s().unsafe(text, params as any[], { prepare: opts.prepare ?? false }) as Promise<unknown>;
      // Inside a transaction, tx() watches the whole of it.
      return (top ? watch(rows) : rows) as Promise<T[]>;
    },
  });
  return {
    kind: "postgres",
    ...one(() => sql, true),
    exec: async (text) => {
      await sql.unsafe(text);
    },
    tx: (fn) => watch(sql.begin((t) => fn(one(() => t, false)))) as Promise<never>,
    async copyIn(table, columns, tsv) {
      const stream = await sql.unsafe(`copy ${table} (${columns.join(",")}) from stdin`).writable();
      await new Promise<void>((resolve, reject) => {
        stream.on("error", reject);
        stream.on("finish", resolve);
        stream.end(tsv);
      });
    },
    close: () => {
      closed = true;
      pools.delete(renew);
      return sql.end({ timeout: 5 });
    },
  };
}

/** The open PostgreSQL pools, each by the function that replaces it if it lost the database. */
const pools = new Set<() => void>();
guardClosedConnections(() => pools.forEach((renew) => renew()));

/** PGlite by default (under dataDir), PostgreSQL when a URL is given. */
export function openDb(opts: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  return opts.databaseUrl ? Promise.resolve(openPostgres(opts.databaseUrl)) : openPglite(opts.dataDir);
}
