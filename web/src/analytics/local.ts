// The loaded partitions as JavaScript columns, for reports whose figures a pure function computes without
// DuckDB (a statement's `local`, connector.ts): a DuckDB-WASM statement costs 15 to 40 ms however few rows it
// reads (planning, and V8 running DuckDB's code), a loop over a year's typed arrays about one. The engine keeps
// each partition's Arrow bytes as it loads it (duck-tables.ts) and reads them here once, when a report first asks.

import { tableFromIPC, Type } from "apache-arrow";
import { type FamilyName, parsePartition } from "../../../contract/extracts.ts";
import { measure, type Row, type Statements } from "./connector.ts";
import { ReportError } from "./engine-contract.ts";
import { DAYS } from "./plan.ts";
import { type DailyRows, DAY, eachInSpan, monthsOf, runsOf } from "./daily-rows.ts";
import { MONTHLY } from "./tables.ts";

/** A partition's columns: numbers (dates as days since 1970-01-01, NaN for null) or texts. */
export interface LocalTable {
  rows: number;
  num(column: string): Float64Array;
  text(column: string): (string | null)[];
}

const EMPTY: LocalTable = { rows: 0, num: () => new Float64Array(0), text: () => [] };

/** A partition's Arrow IPC stream read into columns (numbers copied out of the stream's buffers). */
export function readTable(bytes: Uint8Array | null): LocalTable {
  if (!bytes || bytes.byteLength === 0) return EMPTY;
  const t = tableFromIPC(bytes);
  const nums = new Map<string, Float64Array>();
  const texts = new Map<string, (string | null)[]>();
  for (const f of t.schema.fields) {
    const v = t.getChild(f.name)!;
    const id = f.type.typeId;
    if (id === Type.Utf8 || id === Type.LargeUtf8) {
      const out: (string | null)[] = new Array(t.numRows);
      for (let i = 0; i < t.numRows; i++) out[i] = v.get(i) ?? null;
      texts.set(f.name, out);
      continue;
    }
    if (id !== Type.Int && id !== Type.Float && id !== Type.Date) {
      throw new Error(
        `Cannot read an Arrow column of type ${f.type} locally: not used by any extract family`,
      );
    }
    const out = new Float64Array(t.numRows);
    let at = 0;
    // The chunks' own values: a date32 holds days, an int or float its number (no per-row conversion).
    for (const d of v.data) {
      const values = d.values as ArrayLike<number | bigint>;
      for (let i = 0; i < d.length; i++) {
        out[at + i] = d.nullCount > 0 && !d.getValid(i) ? NaN : Number(values[i]);
      }
      at += d.length;
    }
    nums.set(f.name, out);
  }
  const missing = (c: string): never => {
    throw new Error(`Cannot read column ${c}: the partition has no such column`);
  };
  return {
    rows: t.numRows,
    num: (c) => nums.get(c) ?? missing(c),
    text: (c) => texts.get(c) ?? missing(c),
  };
}

/** 'YYYY-MM-DD' as days since 1970-01-01. */
export const dayNumber = (iso: string) =>
  Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / DAY;

const isoOf = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

/**
 * What a report's LocalData derives from a partition's columns, kept with the columns (a partition's table is
 * the same object until a new version is fetched): each report builds a new LocalData, and deriving the
 * months of a year's days again cost 10 to 20 ms a report (a `Date` per row).
 */
const derived = new WeakMap<
  LocalTable,
  { months?: Uint8Array; runs?: Int32Array; rows?: Record<string, unknown>[] }
>();
const derivedOf = (t: LocalTable) => {
  let d = derived.get(t);
  if (!d) derived.set(t, d = {});
  return d;
};

/**
 * What a report's first LocalData would derive from a partition (a daily partition's months and runs), done
 * now: the engine calls it when the page is idle for the partitions it loaded ahead, so that a change to
 * them derives nothing.
 */
export function deriveAhead(partition: string, t: LocalTable): void {
  const family = parsePartition(partition)?.family;
  if (t.rows > 0 && isDaily(family)) dailyDerived(t);
}

/** Daily sales rows: a mall's year (sales_daily) or a month of every mall (sales_days). */
const isDaily = (family: FamilyName | undefined) => family === "sales_daily" || family === DAYS;

/** A daily partition's days' months and runs, derived once per table (deriveAhead, or a report's first use). */
function dailyDerived(t: LocalTable): { month: Uint8Array; runs: Int32Array } {
  const day = t.num("day"), d = derivedOf(t);
  return { month: d.months ??= monthsOf(day), runs: d.runs ??= runsOf(day) };
}

/** A contract's sums over a span: weighted cents, cents as they are and transactions. */
export interface Sums {
  cents: number;
  raw: number;
  tx: number;
}

/** The partitions a report reads, as its statements' local functions see them (`LocalData`). */
export interface LocalSources {
  /** Partition key → its columns (every partition the report names that is loaded). */
  tables: ReadonlyMap<string, LocalTable>;
}

/** Per contract, the sum of the weighted cents of its rows in a span; a contract is there iff it has rows. */
export type ContractSums = Map<number, number>;

/**
 * What a statement's local function reads: the named partitions' rows, and the sales of a span exactly as
 * salesRowsSql (web/src/reports/shared/sql.ts) reads them through the views the engine scopes: whole months
 * from the year's monthly sales (the server's partition when named, else the named daily partitions of that
 * year), the partial months at the edges from the named daily rows (a mall's year or a month of all malls).
 */
export class LocalData {
  readonly #tables: ReadonlyMap<string, LocalTable>;
  readonly #daily: DailyRows[] = [];
  /** Year → the named daily partitions of that year (the pre-aggregate's source when no monthly is named). */
  readonly #dailyOfYear = new Map<number, DailyRows[]>();
  /** Year → the named months' days of every mall of that year (sales_days). */
  readonly #daysOfYear = new Map<number, DailyRows[]>();
  readonly #served = new Map<
    number,
    { contract: Float64Array; month: Float64Array; cents: Float64Array; tx: Float64Array }
  >();
  readonly #rows = new Map<FamilyName, Record<string, unknown>[]>();

  constructor(sources: LocalSources) {
    this.#tables = sources.tables;
    for (const [key, t] of sources.tables) {
      const p = parsePartition(key);
      if (!p || t.rows === 0) continue;
      if (isDaily(p.family)) {
        const day = t.num("day");
        const rows = {
          contract: t.num("contract_id"),
          day,
          cents: t.num("amount_cents"),
          tx: t.num("transactions"),
          ...dailyDerived(t),
          year: p.year,
        };
        this.#daily.push(rows);
        const byYear = p.family === "sales_daily" ? this.#dailyOfYear : this.#daysOfYear;
        byYear.set(p.year, [...(byYear.get(p.year) ?? []), rows]);
      } else if (p.family === MONTHLY) {
        this.#served.set(p.year, {
          contract: t.num("contract_id"),
          month: t.num("month"),
          cents: t.num("amount_cents"),
          tx: t.num("transactions"),
        });
      }
    }
  }

  /** The named partitions of a family as columns (the closings, too many rows to read as objects). */
  tables(family: FamilyName): LocalTable[] {
    return [...this.#tables].filter(([key, t]) => t.rows > 0 && parsePartition(key)?.family === family)
      .map(([, t]) => t);
  }

  /**
   * The rows of a family's named partitions as objects (dates as day numbers): a dimension such as
   * 'contracts', or a year family such as 'budgets'.
   */
  rows(family: FamilyName): readonly Readonly<Record<string, unknown>>[] {
    let out = this.#rows.get(family);
    if (out) return out;
    out = [];
    for (const [key, t] of this.#tables) {
      if (parsePartition(key)?.family !== family || t.rows === 0) continue;
      const d = derivedOf(t);
      if (!d.rows) {
        const columns = Object.entries(this.#columns(key, t));
        d.rows = Array.from({ length: t.rows }, (_, i) => {
          const r: Record<string, unknown> = {};
          for (const [c, get] of columns) r[c] = get(i);
          return r;
        });
      }
      for (const r of d.rows) out.push(r);
    }
    this.#rows.set(family, out);
    return out;
  }

  #columns(key: string, t: LocalTable): Record<string, (i: number) => unknown> {
    const family = parsePartition(key)!.family;
    const known = FAMILY_COLUMNS[family];
    if (!known) throw new Error(`Cannot read ${family} locally: its partitions are not kept as columns`);
    return Object.fromEntries(
      Object.entries(known).map(([c, kind]) => {
        if (kind === "text") {
          const v = t.text(c);
          return [c, (i: number) => v[i]];
        }
        const v = t.num(c);
        return [c, (i: number) => (Number.isNaN(v[i]) ? null : v[i])];
      }),
    );
  }

  /**
   * Per contract, Σ cents × weight(month of the day) over the span's days (salesRowsSql's rows summed per
   * contract); a contract with no row in the span is absent. Empty when start > end.
   */
  sales(
    start: string,
    end: string,
    weight: (month: number) => number = () => 1,
    daily = false,
  ): ContractSums {
    return new Map([...this.sums(start, end, weight, daily)].map(([k, v]) => [k, v.cents]));
  }

  /** Calls fn for each named daily row from start to end (salesRowsSql's daily branch), in no order. */
  eachDay(
    start: string,
    end: string,
    fn: (contract: number, day: number, cents: number, month: number, tx: number) => void,
  ) {
    const from = dayNumber(start), to = dayNumber(end);
    for (const rows of this.#daily) {
      const { contract, day, cents, month, tx } = rows;
      eachInSpan(rows, from, to, (i) => fn(contract[i], day[i], cents[i], month[i], tx[i]));
    }
  }

  /** Per day ('YYYY-MM-DD'), Σ cents of the named daily rows from start to end of the contracts in `of`. */
  byDay(start: string, end: string, of: ReadonlySet<number>): Map<string, number> {
    const from = dayNumber(start), to = dayNumber(end), out = new Map<number, number>();
    for (const rows of this.#daily) {
      const { contract, day, cents } = rows;
      eachInSpan(rows, from, to, (i) => {
        if (of.has(contract[i])) out.set(day[i], (out.get(day[i]) ?? 0) + cents[i]);
      });
    }
    return new Map([...out].map(([d, v]) => [isoOf(d), v]));
  }

  /**
   * Per month (its first day, 'YYYY-MM-DD') from the month of start to that of end, Σ cents of the contracts
   * in `of`, read as the view 'sales_monthly' reads (the served partition, else the named daily partitions).
   */
  byMonth(start: string, end: string, of: ReadonlySet<number>): Map<string, number> {
    const from = dayNumber(start), to = dayNumber(end), out = new Map<number, number>();
    const add = (k: number, month: number, v: number) => {
      if (month >= from && month <= to && of.has(k)) out.set(month, (out.get(month) ?? 0) + v);
    };
    for (let y = +start.slice(0, 4); y <= +end.slice(0, 4); y++) {
      const served = this.#served.get(y);
      if (served) {
        for (let i = 0; i < served.month.length; i++) {
          add(served.contract[i], served.month[i], served.cents[i]);
        }
        continue;
      }
      // The first day of each month of y, looked up per row (a Date per row cost 20 ms a year of a mall).
      const firsts = Array.from({ length: 13 }, (_, m) => Date.UTC(y, m - 1, 1) / DAY);
      for (const { contract, day, cents, month } of this.#dailyOfYear.get(y) ?? []) {
        for (let i = 0; i < day.length; i++) add(contract[i], firsts[month[i]], cents[i]);
      }
    }
    return new Map([...out].map(([d, v]) => [isoOf(d), v]));
  }

  /**
   * As `sales`, with each contract's unweighted cents and transactions too. `daily`: every day from the daily
   * rows (salesRowsSql with `monthly` false).
   */
  sums(
    start: string,
    end: string,
    weight: (month: number) => number = () => 1,
    daily = false,
  ): Map<number, Sums> {
    const out = new Map<number, Sums>();
    const w = Array.from({ length: 13 }, (_, m) => (m === 0 ? 1 : weight(m)));
    this.#scan(start, end, daily, (k, cents, tx, ym) => {
      const month = (ym % 12) + 1;
      const e = out.get(k);
      if (e) {
        e.cents += cents * w[month];
        e.raw += cents;
        e.tx += tx;
      } else out.set(k, { cents: cents * w[month], raw: cents, tx });
    });
    return out;
  }

  /** Per contract, per month (year × 12 + month − 1), the cents of the span's days (salesRowsSql's rows). */
  byContractMonth(start: string, end: string): Map<number, Map<number, number>> {
    const out = new Map<number, Map<number, number>>();
    this.#scan(start, end, false, (k, cents, _tx, ym) => {
      let m = out.get(k);
      if (!m) out.set(k, m = new Map());
      m.set(ym, (m.get(ym) ?? 0) + cents);
    });
    return out;
  }

  /**
   * Visits salesRowsSql's rows of the span: whole months from the year's monthly sales (the served partition,
   * else the named daily partitions of that year), the partial months' days from the named daily rows; with
   * `daily` every day from the daily rows. `ym` is the row's month as year × 12 + month − 1.
   */
  #scan(
    start: string,
    end: string,
    daily: boolean,
    visit: (contract: number, cents: number, tx: number, ym: number) => void,
  ): void {
    if (start > end) return;
    const add = (rows: DailyRows, from: number, to: number) => {
      const { contract, cents, month, tx, year } = rows;
      eachInSpan(rows, from, to, (i) => visit(contract[i], cents[i], tx[i], year * 12 + month[i] - 1));
    };
    const { months, edges } = daily
      ? { months: null, edges: [{ from: dayNumber(start), to: dayNumber(end) }] }
      : splitDays(start, end);
    if (months) {
      for (let y = months.firstYear; y <= months.lastYear; y++) {
        const from = Math.max(months.from, Date.UTC(y, 0, 1) / DAY);
        const to = Math.min(months.to, Date.UTC(y, 11, 31) / DAY);
        const served = this.#served.get(y);
        if (served) {
          const { contract, month, cents, tx } = served;
          for (let i = 0; i < month.length; i++) {
            const d = month[i];
            if (d >= from && d <= to) {
              visit(contract[i], cents[i], tx[i], y * 12 + new Date(d * DAY).getUTCMonth());
            }
          }
        } else {
          // The pre-aggregate's source, or else, as a statement built to read days only (SALES_SOURCE) reads
          // them, the named months' days: the same sums, whichever the plan loaded.
          const daily = this.#dailyOfYear.get(y) ?? this.#daysOfYear.get(y) ?? [];
          for (const rows of daily) add(rows, from, to);
        }
      }
    }
    for (const e of edges) for (const rows of this.#daily) add(rows, e.from, e.to);
  }
}

/** Which columns of a family `rows` reads, and how. */
const FAMILY_COLUMNS: Partial<Record<FamilyName, Record<string, "num" | "text">>> = {
  contracts: {
    id: "num",
    code: "text",
    mall_id: "num",
    denominacion: "text",
    category_id: "num",
    cebe_code: "text",
    cebe_name: "text",
    area: "num",
    start_date: "num",
    end_date: "num",
    op_start: "num",
    op_end: "num",
    currency: "text",
    objetos: "text",
    executive: "text",
    old_code: "text",
    sales_type: "text",
    sales_type_name: "text",
  },
  inflation: { year: "num", month: "num", pct: "num" },
  budgets: { contract_id: "num", month: "num", amount: "num" },
  categories: { id: "num", name: "text" },
  malls: { id: "num", code: "text", name: "text", sort: "num", sociedad: "text" },
  traffic_pedestrian: { mall_id: "num", zone: "text", day: "num", visitors: "num" },
  traffic_parking: { mall_id: "num", day: "num", vehicles: "num" },
  settings: { key: "text", value: "text" },
  locals: { mall_id: "num", area: "num", vacancy_state: "num" },
  similar_contracts: { group_id: "num", mall_id: "num", contract_id: "num" },
};

/**
 * A span in day numbers as its whole months (from the first day of the first to the last day of the last) and
 * its partial edges, as splitMonths (web/src/reports/shared/sql.ts) splits it.
 */
function splitDays(start: string, end: string) {
  const s = dayNumber(start), e = dayNumber(end);
  const first = new Date(s * DAY), last = new Date(e * DAY);
  const fromD = first.getUTCDate() === 1
    ? s
    : Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 1) / DAY;
  const lastOfMonth = new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth() + 1, 0)).getUTCDate();
  const untilD = last.getUTCDate() === lastOfMonth
    ? e + 1
    : Date.UTC(last.getUTCFullYear(), last.getUTCMonth(), 1) / DAY;
  if (fromD >= untilD) return { months: null, edges: [{ from: s, to: e }] };
  const edges: { from: number; to: number }[] = [];
  if (s < fromD) edges.push({ from: s, to: fromD - 1 });
  if (untilD <= e) edges.push({ from: untilD, to: e });
  return {
    months: {
      from: fromD,
      to: untilD - 1,
      firstYear: new Date(fromD * DAY).getUTCFullYear(),
      lastYear: new Date((untilD - 1) * DAY).getUTCFullYear(),
    },
    edges,
  };
}

/** The families a statement's local twin may read: their partitions are read into columns (engine.ts). */
export const LOCAL_FAMILIES: ReadonlySet<string> = new Set([
  "sales_daily",
  "sales_closings",
  DAYS,
  MONTHLY,
  ...Object.keys(FAMILY_COLUMNS),
]);

/**
 * A report's statements run by their local twins (every one has one), measured as `<kind> <name>` ('query' or
 * 'ahead', as DuckDB's): statements of the same SQL shaped two ways (Flash Semanal's) compute once.
 */
export function runLocal(statements: Statements, data: LocalData, kind: string): Record<string, Row[]> {
  const out: Record<string, Row[]> = {};
  const ran = new Map<string, Row[]>();
  for (const [name, s] of Object.entries(statements)) {
    const same = ran.get(s.sql);
    if (same) {
      out[name] = same;
      continue;
    }
    const t0 = performance.now();
    try {
      out[name] = s.local!(data);
      ran.set(s.sql, out[name]);
    } catch (e) {
      console.error(`[report] Cannot compute '${name}' locally:`, e);
      throw new ReportError(s.sql, e);
    }
    measure(`${kind} ${name}`, t0);
  }
  return out;
}
