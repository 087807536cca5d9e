// Built partitions, compressed once per version, kept in the database (persist.ts) and in memory. Any server
// process reads what another one built and builds what nobody has, so several processes can serve extracts
// against one database and a restart rebuilds nothing.

import { promisify } from "node:util";
import { brotliCompress, constants, gunzipSync, gzip } from "node:zlib";
import type { Queryable } from "../db.ts";
import { columnsOf, type Partition } from "#contract/extracts.ts";
import { rowsToTable, toIpcStream } from "./arrow.ts";
import { buildRows } from "./families.ts";
import { type Encoded, readPersisted, writePersisted } from "./persist.ts";

export type { Encoded };
import { recordBuild } from "./versions.ts";

// Compressed on libuv's threads: a build does not hold up the requests the server is answering meanwhile.
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const MAX_CACHED_BYTES = 192 * 1024 * 1024;
const cache = new Map<string, Encoded>();
const building = new Map<string, Promise<Encoded>>();
let cachedBytes = 0;

function remember(e: Encoded) {
  const old = cache.get(e.partition);
  if (old) cachedBytes -= old.gzip.byteLength + old.br.byteLength;
  cache.delete(e.partition);
  cache.set(e.partition, e);
  cachedBytes += e.gzip.byteLength + e.br.byteLength;
  // Least recently used first (Map keeps insertion order; a hit re-inserts).
  for (const [k, v] of cache) {
    if (cachedBytes <= MAX_CACHED_BYTES) break;
    cache.delete(k);
    cachedBytes -= v.gzip.byteLength + v.br.byteLength;
  }
}

async function build(q: Queryable, p: Partition, version: number, token: string): Promise<Encoded> {
  const t0 = performance.now();
  const rows = await buildRows(q, p);
  const ipc = toIpcStream(rowsToTable(columnsOf(p.family), rows));
  const [gz, br] = await Promise.all([
    gzipAsync(ipc, { level: 9 }),
    brotliAsync(ipc, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: ipc.byteLength },
    }),
  ]);
  const e: Encoded = {
    partition: p.key,
    token,
    rows: rows.length,
    rawBytes: ipc.byteLength,
    gzip: new Uint8Array(gz),
    br: new Uint8Array(br),
    buildMs: Math.round(performance.now() - t0),
  };
  await writePersisted(q, e, version);
  await recordBuild(q, p.key, version, e.rows, e.rawBytes);
  return e;
}

/** The stored version when there is one, else a fresh build (stored for the next process or restart). */
async function storedOrBuilt(q: Queryable, p: Partition, version: number, token: string) {
  return (await readPersisted(q, p.key, token)) ?? (await build(q, p, version, token));
}

/** The encoded partition at this version: from memory, the database, or built once however many ask. */
export async function encodedPartition(
  q: Queryable,
  p: Partition,
  version: number,
  token: string,
): Promise<Encoded> {
  const hit = cache.get(p.key);
  if (hit?.token === token) {
    remember(hit);
    return hit;
  }
  const flightKey = `${p.key}@${token}`;
  let flight = building.get(flightKey);
  if (!flight) {
    flight = storedOrBuilt(q, p, version, token).finally(() => building.delete(flightKey));
    building.set(flightKey, flight);
  }
  const e = await flight;
  remember(e);
  return e;
}

/** The body for the client's Accept-Encoding: brotli, gzip or, rarely, the plain stream. */
export function bodyFor(
  e: Encoded,
  acceptEncoding: string | undefined,
): { body: Uint8Array; encoding?: string } {
  const accepted = new Set(
    (acceptEncoding ?? "").split(",").map((x) => x.split(";")[0].trim().toLowerCase()),
  );
  if (accepted.has("br")) return { body: e.br, encoding: "br" };
  if (accepted.has("gzip")) return { body: e.gzip, encoding: "gzip" };
  return { body: gunzipSync(e.gzip) };
}

/** Forgets the partitions kept in memory (not those in the database). */
export function clearExtractCache(): void {
  cache.clear();
  cachedBytes = 0;
}
