// SQL's arithmetic for the figures a report makes in JavaScript from DuckDB's rows (connector.ts `shaped`):
// the same nulls as the SQL they replace.

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
