// Partition versions (sql/007_extracts.sql): bumped by triggers, read by primary key.

import { FAMILIES, FAMILY_NAMES, type FamilyName, parsePartition } from "#contract/extracts.ts";
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

/** The families versioned by another's partitions of the same year (contract/extracts.ts derivedFrom). */
const DERIVED = FAMILY_NAMES.flatMap((f) => {
  const from: FamilyName | undefined = (FAMILIES[f] as { derivedFrom?: FamilyName }).derivedFrom;
  return from ? [{ family: f, from }] : [];
});

/**
 * A derived family's partition per year (or per year and month, each month of the year) with the newest
 * version of its source's partitions of that year ('sales_daily.<mall>.<year>'), and the size of that version
 * when it was built (extract_store).
 */
const derivedSql = (family: FamilyName, from: string) => {
  const perMonth = FAMILIES[family].shape === "year-month";
  return `select d.partition, d.version, s.rows, s.raw_bytes as bytes
     from (select '${family}.' || split_part(partition, '.', 3)${perMonth ? ` || '.' || m` : ""} as partition,
                  max(version) as version
             from extract_versions${perMonth ? " cross join generate_series(1, 12) m" : ""}
            where partition like '${from}.%' group by 1) d
     left join extract_store s on s.partition = d.partition and s.version = d.version`;
};

/** Every partition with its version and, when its current version was built, its rows and bytes. */
export async function listVersions(q: Queryable): Promise<(VersionRow & { token: string })[]> {
  const epoch = await epochOf(q);
  const rows = await q.query<VersionRow>(
    `select partition, version,
            case when built_version = version then rows end as rows,
            case when built_version = version then bytes end as bytes
       from extract_versions
     ${DERIVED.map((d) => `union all ${derivedSql(d.family, d.from)}`).join("\n")}
      order by partition`,
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
  const p = parsePartition(partition);
  const derived = DERIVED.find((d) => d.family === p?.family);
  const [row] = derived
    ? await q.query<{ version: number | null }>(
      `select max(version) as version from extract_versions
        where partition like '${derived.from}.%' and split_part(partition, '.', 3) = $1`,
      [String(p!.year)],
      { prepare: true },
    )
    : await q.query<{ version: number }>(
      "select version from extract_versions where partition = $1",
      [partition],
      { prepare: true },
    );
  return row && row.version != null ? { version: row.version, token: token(epoch, row.version) } : null;
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
