// What the signed-in read path keeps in memory (issue 18, Throughput; docs/decisions.md, 'Signed-in reads
// kept in memory'). Every request's session query also reads the change stamp: one text made of the versions
// of the daily sales and the reference tables (sql/011_extracts.sql, sql/022_change_versions.sql), which
// triggers bump in the writing transaction. An answer computed from those tables is kept under the stamp
// it was asked with and served again while the stamp stays the same; any committed write changes the stamp,
// so no process serves an answer older than the request's own session read, whichever process wrote.
// The stamp is read before the answer is computed, so a kept answer is never older than its stamp.

/** The stamp's SQL expression (a subquery), for the session query. */
export const STAMP_SQL = `(select md5(coalesce((
    select string_agg(partition || '=' || version, ',' order by partition) from extract_versions
     where partition like 'sales_daily.%' or partition in ('malls', 'categories', 'contracts', 'locals')), '')
  || '|' || coalesce((select string_agg(name || '=' || version, ',' order by name) from change_versions), '')))`;

interface Kept<V> {
  stamp: string;
  value: Promise<V>;
}

/**
 * A bounded map of answers per database, each valid for one stamp. Callers asking the same key with the
 * same stamp at once share one computation; a failed computation is not kept.
 */
export function stampedCache<V>(max = 5_000) {
  const perDb = new WeakMap<object, Map<string, Kept<V>>>();
  return (db: object, key: string, stamp: string, compute: () => Promise<V>): Promise<V> => {
    let map = perDb.get(db);
    if (!map) perDb.set(db, map = new Map());
    const kept = map.get(key);
    if (kept && kept.stamp === stamp) return kept.value;
    const value = compute();
    const entry = { stamp, value };
    map.delete(key);
    map.set(key, entry);
    if (map.size > max) map.delete(map.keys().next().value!);
    value.catch(() => {
      if (map.get(key) === entry) map.delete(key);
    });
    return value;
  };
}
