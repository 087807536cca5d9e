// The bytes of one partition at the catalogue's version: from IndexedDB when the stored version is the same,
// else from the server (revalidated with the stored ETag: a 304 keeps what is stored). Downloaded bytes are
// stored for the next visit. At most four at a time, whoever asks.

import { ARROW_STREAM, type CatalogEntry, EXTRACTS_PATH } from "#contract/extracts.ts";
import { SESSION_EXPIRED, sessionExpired } from "../lib/api.ts";
import type { PartitionBytes } from "./engine.ts";
import { readStored, writeStored } from "./store.ts";

const SLOTS = 4;
let free = SLOTS;
const waiting: (() => void)[] = [];

async function slot<T>(fn: () => Promise<T>): Promise<T> {
  if (free > 0) free--;
  else await new Promise<void>((r) => waiting.push(r));
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else free++;
  }
}

async function download(entry: CatalogEntry, etag: string | null, onBytes: (n: number) => void) {
  const headers: Record<string, string> = { accept: ARROW_STREAM };
  if (etag) headers["if-none-match"] = etag;
  const res = await fetch(`${EXTRACTS_PATH}/${entry.partition}`, {
    headers,
    cache: "no-store",
    credentials: "same-origin",
  });
  if (res.status === 304) return null;
  if (res.status === SESSION_EXPIRED) throw sessionExpired();
  if (!res.ok || !res.body) throw new Error(`Cannot download extract ${entry.partition}: HTTP ${res.status}`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    onBytes(value.byteLength);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return {
    bytes,
    etag: res.headers.get("etag") ?? entry.etag,
    rows: Number(res.headers.get("x-extract-rows") ?? 0),
  };
}

export function partitionBytes(entry: CatalogEntry, onBytes: (n: number) => void): Promise<PartitionBytes> {
  return slot(async () => {
    const stored = await readStored(entry.partition);
    if (stored && stored.version === entry.version) {
      return { bytes: stored.bytes, rows: stored.rows, saved: Promise.resolve() };
    }
    const got = await download(entry, stored?.etag ?? null, onBytes);
    // null: 304, what we hold is still current under the new catalogue entry.
    const { bytes, rows, etag } = got ?? stored!;
    const saved = writeStored({ partition: entry.partition, version: entry.version, etag, rows, bytes });
    return { bytes, rows, saved };
  });
}
