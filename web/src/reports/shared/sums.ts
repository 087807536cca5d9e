// SQL's arithmetic and ordering for the figures a report makes in JavaScript from DuckDB's rows (connector.ts
// `shaped`): the same nulls as the SQL they replace.

/** sum(): null until a value is added; nulls are skipped. */
export const sumOf = (a: number | null, b: number | null): number | null => (b === null ? a : (a ?? 0) + b);

/** a / nullif(b, 0): null when a or b is null or b is 0. */
export const ratioOf = (
  a: number | null,
  b: number | null,
): number | null => (a === null || !b ? null : a / b);

/** a / nullif(b, 0) * 100. */
export const percentOf = (a: number | null, b: number | null): number | null => {
  const r = ratioOf(a, b);
  return r === null ? null : r * 100;
};

/** (a - b) / nullif(b, 0) * 100: the change from b to a, null when either is null or b is 0. */
export const variationOf = (a: number | null, b: number | null): number | null =>
  a === null || b === null ? null : percentOf(a - b, b);

/** SQL's `order by x [desc] nulls last` for one key: equal values 0, an empty value after every other. */
export function nullsLast<V extends number | string>(a: V | null, b: V | null, desc = false): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return (a < b ? -1 : 1) * (desc ? -1 : 1);
}

/**
 * A rank among the rows for which `ranked` holds, by `value` rounded to 6 decimals, highest first and empty
 * values last: ties share a rank and the next one skips (1, 2, 2, 4); null for the others. SQL's
 * `case when … then rank() over (partition by … order by round(value, 6) desc) end`, eight of which cost
 * DuckDB-WASM a sort each (a pure function over a mall's few hundred rows costs nothing). The
 * same rank as `round(value, 2)` where values have two decimals (money).
 */
export function rankBy<T>(rows: readonly T[], ranked: (r: T) => boolean, value: (r: T) => number | null) {
  const key = (r: T) => {
    const v = value(r);
    return v === null ? null : Math.round(v * 1e6) / 1e6;
  };
  const order = rows.filter(ranked).map((r) => ({ r, k: key(r) }))
    .sort((a, b) => nullsLast(a.k, b.k, true));
  const out = new Map<T, number>();
  order.forEach((x, i) => out.set(x.r, i > 0 && order[i - 1].k === x.k ? out.get(order[i - 1].r)! : i + 1));
  return (r: T) => out.get(r) ?? null;
}
