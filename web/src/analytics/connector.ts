// What the report engine needs from a SQL engine, and nothing more: the one seam between report code and
// DuckDB. The browser runs DuckDB-WASM (duckdb.ts), the report tests native DuckDB
// (tests/reports/native_connector.ts); the same engine, tables and report SQL run on either.

export type Row = Record<string, unknown>;

export interface Connector {
  /** Runs one statement; its rows as plain values (see `plain`). */
  query<R = Row>(sql: string): Promise<R[]>;
  /** Runs statements that return nothing (DDL, inserts), separated by ';'. */
  exec(sql: string): Promise<void>;
  /** (Re)creates `table` from a partition's Arrow IPC stream; the bytes may be handed over (detached). */
  loadArrow(table: string, bytes: Uint8Array): Promise<void>;
}

/**
 * The plain value a screen reads: bigints as numbers (cents and counts fit a double), dates as 'YYYY-MM-DD'.
 * Every connector answers in these terms, so a report reads the same rows in the browser and in the tests.
 */
export function plain(v: unknown): unknown {
  if (typeof v === "bigint") return Number(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return v;
}

/** A User Timing entry (DevTools' performance panel, the benchmark) from t0 to now. */
export function measure(name: string, t0: number): void {
  try {
    performance.measure(name, { start: t0, end: performance.now() });
  } catch { /* no User Timing */ }
}

/** A statement whose rows have the type `R` (a report's `Row` type): `statement<MallRow>(sql)`. */
export interface Statement<R> {
  readonly sql: string;
  /**
   * Turns the rows DuckDB answers into the report's rows. A pivot (a column per month) costs DuckDB-WASM
   * far more than a pure function over the grouped rows: Evolución's 300 aggregates took 35 to 60 ms, its
   * grouped rows 17 ms.
   */
  readonly shape?: (rows: Row[]) => R[];
  /** Never set: carries the row type to `RowsOf`. */
  readonly row?: R;
}

export const statement = <R>(sql: string): Statement<R> => ({ sql });

/** A statement whose rows (typed `Q`, as DuckDB answers them) become the report's rows through a pure function. */
export const shaped = <Q, R>(sql: string, shape: (rows: Q[]) => R[]): Statement<R> => ({
  sql,
  shape: shape as unknown as (rows: Row[]) => R[],
});

/** A report's named statements, run in order. */
export type Statements = Record<string, Statement<unknown>>;

/** The rows of each statement, typed by it. */
export type RowsOf<S extends Statements> = { [K in keyof S]: S[K] extends Statement<infer R> ? R[] : never };
