// Partition versions (sql/007_extracts.sql): bumped by triggers, read by primary key.

import type { Queryable } from "../db.ts";

/** Changes when the layout of any extract changes, so browsers drop what they cached before. */
export const FORMAT = 4;

export interface VersionRow {
  partition: string;
  version: number;
  rows: number | null;
  bytes: number | null;
}

let epochCache: { q: Queryable; epoch: string } | null = null;

async function epochOf(q: Queryable): Promise<string> {
  if (epochCache?.q === q) return epochCache.epoch;
  const [row] = await q.query<{ epoch: string }>("select epoch from extract_epoch");
  epochCache = { q, epoch: row.epoch };
  return row.epoch;
}

/** The version token of a partition: database epoch, extract format and row version. */
export const token = (epoch: string, version: number) => `${epoch}.${FORMAT}.${version}`;

/** The weak ETag of a partition version (the same bytes whatever the content encoding). */
export const etagOf = (partition: string, tok: string) => `W/"${partition}@${tok}"`;

/** Every partition with its version and, when its current version was built, its rows and bytes. */
export async function listVersions(q: Queryable): Promise<(VersionRow & { token: string })[]> {
  const epoch = await epochOf(q);
  const rows = await q.query<VersionRow>(
    `select partition, version,
            case when built_version = version then rows end as rows,
            case when built_version = version then bytes end as bytes
       from extract_versions order by partition`,
    [],
    { prepare: true },
  );
  return rows.map((r) => ({ ...r, token: token(epoch, r.version) }));
}

/** The current version of one partition, or null when it has never had rows. */
export async function versionOf(
  q: Queryable,
  partition: string,
): Promise<{ version: number; token: string } | null> {
  const epoch = await epochOf(q);
  const [row] = await q.query<{ version: number }>(
    "select version from extract_versions where partition = $1",
    [partition],
    { prepare: true },
  );
  return row ? { version: row.version, token: token(epoch, row.version) } : null;
}

/** Records the size of a built version (for the catalog); a newer version left meanwhile is kept. */
export async function recordBuild(
  q: Queryable,
  partition: string,
  version: number,
  rows: number,
  bytes: number,
): Promise<void> {
  await q.query(
    `update extract_versions set rows = $3, bytes = $4, built_version = $2
      where partition = $1 and version = $2 and built_version is distinct from $2`,
    [partition, version, rows, bytes],
  );
}
