// What the routes call: the catalogue of partitions a session may read, and one partition's bytes.

import { FORBIDDEN, NOT_FOUND } from "#contract/errors.ts";
import type { Catalog, CatalogEntry } from "#contract/extracts.ts";
import { limaDate } from "../clock.ts";
import type { Ctx } from "../context.ts";
import { AppError } from "../errors.ts";
import { familyOf, mayRead, parsePartition, readable, type Reader } from "./families.ts";
import { type Encoded, encodedPartition } from "./store.ts";
import { etagOf, FORMAT, listVersions, versionOf } from "./versions.ts";

export type { Reader };

const EXTRACT_MISSING = "El extracto solicitado no existe.";

/** The families the session reads; a tenant or a role without any report permission gets 600. */
export function readableFamilies(reader: Reader) {
  const names = readable(reader);
  if (names.length === 0) throw new AppError(FORBIDDEN);
  return names;
}

export async function catalog(ctx: Ctx, reader: Reader): Promise<Catalog> {
  const families = new Set(readableFamilies(reader));
  const table: CatalogEntry[] = [];
  for (const v of await listVersions(ctx.db)) {
    const family = familyOf(v.partition);
    if (!family || !families.has(family)) continue;
    table.push({
      partition: v.partition,
      family,
      version: v.token,
      etag: etagOf(v.partition, v.token),
      rows: v.rows,
      bytes: v.bytes,
    });
  }
  return { today: limaDate(ctx.clock()), format: FORMAT, families: [...families], table };
}

export type PartitionAnswer =
  | { kind: "not-modified"; etag: string }
  | { kind: "body"; etag: string; encoded: Encoded };

/** One partition for the session: permission first (600), then existence (404), then 304 or the bytes. */
export async function partition(
  ctx: Ctx,
  reader: Reader,
  key: string,
  ifNoneMatch: string | undefined,
): Promise<PartitionAnswer> {
  const p = parsePartition(key);
  if (reader.isTenant) throw new AppError(FORBIDDEN);
  if (!p) throw new AppError(NOT_FOUND, EXTRACT_MISSING);
  if (!mayRead(p.family, reader)) throw new AppError(FORBIDDEN);
  const v = await versionOf(ctx.db, key);
  if (!v) throw new AppError(NOT_FOUND, EXTRACT_MISSING);
  const etag = etagOf(key, v.token);
  if (ifNoneMatch && matches(ifNoneMatch, etag)) return { kind: "not-modified", etag };
  return { kind: "body", etag, encoded: await encodedPartition(ctx.db, p, v.version, v.token) };
}

/** If-None-Match with weak comparison (RFC 9110 13.1.2): a list of tags or '*'. */
function matches(header: string, etag: string): boolean {
  const bare = (t: string) => t.trim().replace(/^W\//, "");
  const want = bare(etag);
  return header.split(",").some((t) => t.trim() === "*" || bare(t) === want);
}
