// Built partitions kept in the database (sql/012_extract_store.sql), keyed by partition and version token:
// a restarted server, or another process on the same database, serves them without building them again.

import type { Queryable } from "../db.ts";

/** A partition's build, compressed both ways (declared here, the lower of persist and store). */
export interface Encoded {
  partition: string;
  token: string;
  rows: number;
  /** Size of the Arrow stream before compression. */
  rawBytes: number;
  gzip: Uint8Array;
  br: Uint8Array;
  buildMs: number;
}

interface StoredRow {
  rows: number;
  raw_bytes: number;
  br: Uint8Array;
  gzip: Uint8Array;
  build_ms: number;
}

/** The stored encoding of this version of the partition, or null. */
export async function readPersisted(q: Queryable, partition: string, token: string): Promise<Encoded | null> {
  const [r] = await q.query<StoredRow>(
    "select rows, raw_bytes, br, gzip, build_ms from extract_store where partition = $1 and token = $2",
    [partition, token],
  );
  if (!r) return null;
  return {
    partition,
    token,
    rows: r.rows,
    rawBytes: r.raw_bytes,
    br: new Uint8Array(r.br),
    gzip: new Uint8Array(r.gzip),
    buildMs: r.build_ms,
  };
}

/** Keeps a built version; an older version never replaces a newer one stored meanwhile. */
export async function writePersisted(q: Queryable, e: Encoded, version: number): Promise<void> {
  await q.query(
    `insert into extract_store (partition, version, token, rows, raw_bytes, br, gzip, build_ms)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (partition) do update
       set version = excluded.version, token = excluded.token, rows = excluded.rows,
           raw_bytes = excluded.raw_bytes, br = excluded.br, gzip = excluded.gzip,
           build_ms = excluded.build_ms, built_at = now()
     where extract_store.version <= excluded.version`,
    [e.partition, version, e.token, e.rows, e.rawBytes, e.br, e.gzip, e.buildMs],
  );
}

/** Partition → token of every stored version (to find what a warm-up still has to build). */
export async function persistedTokens(q: Queryable): Promise<Map<string, string>> {
  const rows = await q.query<{ partition: string; token: string }>(
    "select partition, token from extract_store",
  );
  return new Map(rows.map((r) => [r.partition, r.token]));
}
