// Report rows kept between visits: a report's rows depend only on its SQL and the versions of the partitions
// it names, so when neither changed the rows stored last time are the same figures and a revisit shows them
// without starting DuckDB. A report must name every partition it reads (its families' views are scoped to
// them anyway, catalog.ts scopeViews).

import type { Catalog } from "./catalog.ts";
import type { Row } from "./duckdb.ts";
import { readResult, writeResult } from "./store.ts";

async function digest(text: string): Promise<string> {
  // crypto.subtle exists only in secure contexts (https, localhost); elsewhere the text itself is the key.
  if (!globalThis.crypto?.subtle) return text;
  const hash = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The key of a report's rows at the catalogue's versions. */
export function resultKey(partitions: readonly string[], sql: Record<string, string>, cat: Catalog) {
  const versions = new Map(cat.table.map((e) => [e.partition, e.version]));
  const parts = [...new Set(partitions)].sort().map((p) => `${p}@${versions.get(p) ?? "-"}`);
  return digest(JSON.stringify([cat.format, parts, sql]));
}

export async function storedRows(key: string): Promise<Record<string, Row[]> | null> {
  return (await readResult(key))?.rows ?? null;
}

export function storeRows(key: string, rows: Record<string, Row[]>): void {
  writeResult({ key, rows, at: Date.now() }).catch(() => {});
}
