// What the engine does with a report's statements besides running them: the key its rows are kept under, its
// scope's CTEs put before its SQL, and the report's rows shaped from DuckDB's.

import type { Catalog } from "#contract/extracts.ts";
import type { Row, RowsOf, Statements } from "./connector.ts";

async function digest(text: string): Promise<string> {
  // crypto.subtle exists only in secure contexts (https, localhost); elsewhere the text itself is the key.
  if (!globalThis.crypto?.subtle) return text;
  const hash = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The key of a report's rows: they depend only on its SQL and the versions of the partitions it names, so
 * rows stored under the same key are the same figures.
 */
export function resultKey(partitions: readonly string[], sql: Record<string, string>, cat: Catalog) {
  const versions = new Map(cat.table.map((e) => [e.partition, e.version]));
  const parts = [...new Set(partitions)].sort().map((p) => `${p}@${versions.get(p) ?? "-"}`);
  return digest(JSON.stringify([cat.format, parts, sql]));
}

/** A statement with the CTEs put first (its own WITH list, if any, follows them). */
export function withScope(sql: string, ctes: readonly string[]): string {
  if (ctes.length === 0) return sql;
  const own = /^\s*with\s+(recursive\s+)?/i.exec(sql);
  if (own) return `${own[0]}${ctes.join(",\n")},\n${sql.slice(own[0].length)}`;
  return `with ${ctes.join(",\n")}\n${sql}`;
}

/** The report's rows from DuckDB's (computed now or stored: a shape's change needs no new key). */
export function shapeRows<S extends Statements>(statements: S, rows: Record<string, Row[]>): RowsOf<S> {
  const out: Record<string, unknown[]> = {};
  for (const [name, s] of Object.entries(statements)) out[name] = s.shape ? s.shape(rows[name]) : rows[name];
  return out as RowsOf<S>;
}
