// The twins of the listing's SQL (report.ts) over the loaded closings' columns: the same rows in the same order,
// without DuckDB-WASM (its module, its inserts of a year of every mall's closings and its sort cost the
// screen's first load about a second). The listing's order over the range is found once per range and sort
// and kept, so the pager, the next page found ahead and the export's chunks only cut it.

import { dayNumber, type LocalData, type LocalTable } from "../../analytics/local.ts";
import type { Span } from "../shared/dates.ts";
import { nullsLast } from "../shared/sums.ts";
import type { ClosingColumn, ClosingRow } from "./columns.ts";
import type { Sort, TotalRow } from "./report.ts";

const DAY = 86_400_000;
const isoOf = (day: number) => (Number.isNaN(day) ? null : new Date(day * DAY).toISOString().slice(0, 10));
const two = (n: number) => String(n).padStart(2, "0");

interface Contract {
  id: number;
  code: string;
  mall_id: number;
  old_code: string | null;
  denominacion: string;
  currency: string;
  cebe_code: string;
  cebe_name: string;
  sales_type: string | null;
  sales_type_name: string | null;
  area: number | null;
}
interface Mall {
  id: number;
  name: string;
  sort: number;
  sociedad: string | null;
}

/** DuckDB's `lower(strip_accents(x))`: 'Ñandú' and 'nandu' sort as one. */
const folded = (
  s: string | null,
) => (s === null ? null : s.normalize("NFD").replace(/\p{Mn}/gu, "").toLowerCase());

/** What a column of the contract or its mall sorts by (COLUMN_SQL's `sort`). */
const BY_CONTRACT: Partial<Record<ClosingColumn, (k: Contract, m: Mall) => number | string | null>> = {
  sociedad: (_, m) => m.sociedad,
  mall: (_, m) => m.sort,
  contrato: (k) => k.code,
  contrato_antiguo: (k) => k.old_code,
  denominacion: (k) => folded(k.denominacion),
  moneda: (k) => k.currency,
  cebe: (k) => k.cebe_code,
  denom_cebe: (k) => folded(k.cebe_name),
  tipo_vta: (k) => k.sales_type,
  denom_tipo_vta: (k) => k.sales_type_name,
  area: (k) => k.area,
};

/** A closing of the range: its partition's columns and its row there. */
interface Columns {
  id: Float64Array;
  contract: Float64Array;
  day: Float64Array;
  cents: Float64Array;
  tx: Float64Array;
  regOn: Float64Array;
  regSecs: Float64Array;
  updOn: Float64Array;
  updSecs: Float64Array;
}
const columnsOf = (t: LocalTable): Columns => ({
  id: t.num("id"),
  contract: t.num("contract_id"),
  day: t.num("day"),
  cents: t.num("amount_cents"),
  tx: t.num("transactions"),
  regOn: t.num("registered_on"),
  regSecs: t.num("registered_secs"),
  updOn: t.num("updated_on"),
  updSecs: t.num("updated_secs"),
});

/** What a column of the closing itself sorts by (NaN for an empty value). */
const BY_CLOSING: Partial<Record<ClosingColumn, (c: Columns, i: number) => number>> = {
  // The month as the first day's number is as good an order as date_trunc's.
  periodo: (c, i) => {
    const d = new Date(c.day[i] * DAY);
    return d.getUTCFullYear() * 12 + d.getUTCMonth();
  },
  fecha_vta: (c, i) => c.day[i],
  monto: (c, i) => c.cents[i],
  transacciones: (c, i) => c.tx[i],
  fecha_registro: (c, i) => c.regOn[i],
  hora: (c, i) => c.regSecs[i],
  fecha_modificacion: (c, i) => c.updOn[i] * 86_400 + (Number.isNaN(c.updSecs[i]) ? 0 : c.updSecs[i]),
};

/** The closings of a range whose contract and mall are loaded (the SQL's inner joins), in listing order. */
interface Listing {
  /** The closings' and the dimensions' partitions it was found on. */
  tables: readonly LocalTable[];
  key: string;
  columns: Columns[];
  /** The contracts and malls of those partitions (a page's rows read them). */
  dims: Dimensions;
  /** Per listed closing, in order: its partition (index in `columns`) and its row there. */
  part: Uint8Array;
  row: Uint32Array;
}

/** The last orders found (the range's, its neighbours found ahead, a drill-down's): each a sort of the range. */
const kept: Listing[] = [];
const KEEP = 8;

/** The loaded contracts with their malls (the SQL's inner joins), and each one's place by id. */
interface Dimensions {
  list: { k: Contract; m: Mall }[];
  /** Contract id → its index in `list`, −1 for one not loaded (ids are small integers: an array). */
  at: Int32Array;
}

function dimensions(d: LocalData): Dimensions {
  const malls = new Map(d.rows("malls").map((m) => [m.id as number, m as unknown as Mall]));
  const list: { k: Contract; m: Mall }[] = [];
  for (const r of d.rows("contracts")) {
    const k = r as unknown as Contract, m = malls.get(k.mall_id);
    if (m) list.push({ k, m });
  }
  const at = new Int32Array(Math.max(0, ...list.map((x) => x.k.id)) + 1).fill(-1);
  list.forEach((x, i) => (at[x.k.id] = i));
  return { list, at };
}

/** The index in `dims.list` of a closing's contract, −1 when it is not loaded. */
const slotOf = (dims: Dimensions, contract: number) => (contract < dims.at.length ? dims.at[contract] : -1);

/** Dense ranks of the contracts (by index in `list`) by a value, SQL's order (empty values last, as NaN). */
function ranks(dims: Dimensions, value: (k: Contract, m: Mall) => number | string | null): Float64Array {
  const all = dims.list.map(({ k, m }, i) => ({ i, v: value(k, m) })).sort((a, b) => nullsLast(a.v, b.v));
  const out = new Float64Array(dims.list.length);
  let rank = 0;
  all.forEach((x, j) => {
    if (j > 0 && nullsLast(all[j - 1].v, x.v) !== 0) rank++;
    out[x.i] = x.v === null ? NaN : rank;
  });
  return out;
}

const LOW = 2 ** 21;
const lowOf = (x: number) => x - Math.floor(x / LOW) * LOW;

/**
 * Indices 0 to n − 1 in SQL's `order by key [desc] nulls last, id`. Each key is packed with the row's place in
 * id order as key × 2^21 + place and the doubles sorted natively (exact while every key is an integer below 2^31
 * and n below 2^21): a comparator took up to 100 ms over a month of the demo's closings (22,000).
 */
export function orderBy(keys: Float64Array, ids: Float64Array, desc: boolean): Uint32Array {
  const n = keys.length, small = (v: number) => Number.isInteger(v) && Math.abs(v) < 2 ** 31 - 1;
  let max = 0, packs = n < LOW;
  for (let i = 0; i < n && packs; i++) {
    const k = desc ? -keys[i] : keys[i];
    packs = (Number.isNaN(k) || small(k)) && small(ids[i]);
    if (k > max) max = k;
  }
  if (!packs) {
    return Uint32Array.from(keys, (_, i) => i).sort((a, b) => {
      const x = keys[a], y = keys[b];
      if (x !== y) {
        if (Number.isNaN(x)) return Number.isNaN(y) ? ids[a] - ids[b] : 1;
        if (Number.isNaN(y)) return -1;
        return desc ? y - x : x - y;
      }
      return ids[a] - ids[b];
    });
  }
  // Explicit loops: TypedArray.from with a mapping function is several times slower in V8.
  const byId = new Float64Array(n);
  for (let i = 0; i < n; i++) byId[i] = ids[i] * LOW + i;
  byId.sort();
  const place = new Uint32Array(n), atPlace = new Uint32Array(n);
  for (let j = 0; j < n; j++) {
    const i = lowOf(byId[j]);
    place[i] = j;
    atPlace[j] = i;
  }
  const packed = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const k = keys[i];
    packed[i] = (Number.isNaN(k) ? max + 1 : desc ? -k : k) * LOW + place[i];
  }
  packed.sort();
  const out = new Uint32Array(n);
  for (let j = 0; j < n; j++) out[j] = atPlace[lowOf(packed[j])];
  return out;
}

/**
 * The rows of a partition from day `from` to `to`: the server writes a mall's closings by day (then id), so a
 * range is one slice found by halving; a partition not in day order is read whole.
 */
function daySlice(c: Columns, from: number, to: number): [number, number] {
  let sorted = inDayOrder.get(c.day);
  if (sorted === undefined) {
    sorted = c.day.every((d, i) => i === 0 || c.day[i - 1] <= d);
    inDayOrder.set(c.day, sorted);
  }
  if (!sorted) return [0, c.day.length];
  const first = (day: number) => {
    let lo = 0, hi = c.day.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (c.day[mid] < day) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return [first(from), first(to + 1)];
}
const inDayOrder = new WeakMap<Float64Array, boolean>();

/** The range's closings in the listing's order: the column asked for (empty values last), then the id. */
function listing(d: LocalData, span: Span, sort: Sort | null, contract: string | null): Listing {
  const closings = d.tables("sales_closings");
  const tables = [...closings, ...d.tables("contracts"), ...d.tables("malls")];
  const key = JSON.stringify([span, sort, contract]);
  const hit = kept.find((l) =>
    l.key === key && l.tables.length === tables.length &&
    l.tables.every((t, i) => t === tables[i])
  );
  if (hit) return hit;
  const dims = dimensions(d);
  const from = dayNumber(span.start), to = dayNumber(span.end);
  const columns = closings.map(columnsOf);
  // The default order (day, mall, contract code, id) as day × contracts + the contract's rank.
  const byContract = sort ? BY_CONTRACT[sort.column] : (k: Contract, m: Mall) => `${1e6 + m.sort}|${k.code}`;
  const rankOf = byContract ? ranks(dims, byContract) : null;
  const byClosing = sort ? BY_CLOSING[sort.column] : undefined;
  const width = dims.list.length + 1;
  const total = columns.reduce((n, c) => n + c.day.length, 0);
  const parts = new Uint8Array(total), rows = new Uint32Array(total);
  const keys = new Float64Array(total), ids = new Float64Array(total);
  let n = 0;
  columns.forEach((c, p) => {
    const [first, last] = daySlice(c, from, to);
    for (let i = first; i < last; i++) {
      const day = c.day[i];
      if (day < from || day > to) continue;
      const at = slotOf(dims, c.contract[i]);
      if (at < 0 || (contract !== null && dims.list[at].k.code !== contract)) continue;
      parts[n] = p;
      rows[n] = i;
      ids[n] = c.id[i];
      keys[n] = !sort ? day * width + rankOf![at] : rankOf ? rankOf[at] : byClosing!(c, i);
      n++;
    }
  });
  const order = orderBy(keys.subarray(0, n), ids.subarray(0, n), sort?.desc ?? false);
  const out: Listing = { tables, key, columns, dims, part: new Uint8Array(n), row: new Uint32Array(n) };
  for (let j = 0; j < n; j++) {
    out.part[j] = parts[order[j]];
    out.row[j] = rows[order[j]];
  }
  kept.unshift(out);
  kept.length = Math.min(kept.length, KEEP);
  return out;
}

/** A listed closing as the SQL's SELECT answers it. */
function closingRow(c: Columns, i: number, k: Contract, m: Mall): ClosingRow {
  const day = new Date(c.day[i] * DAY), secs = c.regSecs[i];
  return {
    id: c.id[i],
    sociedad: m.sociedad,
    mall: m.name,
    contrato: k.code,
    contrato_antiguo: k.old_code,
    denominacion: k.denominacion,
    moneda: k.currency,
    cebe: k.cebe_code,
    denom_cebe: k.cebe_name,
    tipo_vta: k.sales_type,
    denom_tipo_vta: k.sales_type_name,
    periodo: `${two(day.getUTCMonth() + 1)}/${day.getUTCFullYear()}`,
    fecha_vta: isoOf(c.day[i])!,
    monto: c.cents[i] / 100,
    transacciones: c.tx[i],
    fecha_registro: isoOf(c.regOn[i]),
    hora: Number.isNaN(secs)
      ? null
      : `${two(Math.floor(secs / 3600) % 24)}:${two(Math.floor(secs / 60) % 60)}:${two(secs % 60)}`,
    fecha_modificacion: isoOf(c.updOn[i]),
    area: k.area,
  };
}

function rowsOf(l: Listing, from: number, until: number): ClosingRow[] {
  const { dims } = l;
  const out: ClosingRow[] = [];
  for (let at = from; at < Math.min(until, l.row.length); at++) {
    const c = l.columns[l.part[at]], i = l.row[at];
    const { k, m } = dims.list[slotOf(dims, c.contract[i])];
    out.push(closingRow(c, i, k, m));
  }
  return out;
}

/** pageSql's rows: `offset` to `offset + limit - 1` of the listing. */
export const pageLocal = (d: LocalData, span: Span, sort: Sort | null, offset: number, limit: number) =>
  rowsOf(listing(d, span, sort, null), offset, offset + limit);

/** contractClosingsSql's rows: a contract's closings of the range by day, then id. */
export const contractLocal = (d: LocalData, span: Span, contract: string) =>
  rowsOf(listing(d, span, { column: "fecha_vta", desc: false }, contract), 0, Infinity);

/** totalsSql's rows: per currency (dollars last), the closings, their amount and transactions. */
export function totalsLocal(d: LocalData, span: Span): TotalRow[] {
  const dims = dimensions(d);
  const from = dayNumber(span.start), to = dayNumber(span.end);
  const currencies = [...new Set(dims.list.map((x) => x.k.currency))];
  const of = Int32Array.from(dims.list, (x) => currencies.indexOf(x.k.currency));
  const closings = new Float64Array(currencies.length), cents = closings.slice(), tx = closings.slice();
  for (const c of d.tables("sales_closings").map(columnsOf)) {
    const [first, last] = daySlice(c, from, to);
    for (let i = first; i < last; i++) {
      const at = slotOf(dims, c.contract[i]);
      if (at < 0 || c.day[i] < from || c.day[i] > to) continue;
      closings[of[at]]++;
      cents[of[at]] += c.cents[i];
      tx[of[at]] += c.tx[i];
    }
  }
  return currencies.map((moneda, j) => ({
    moneda,
    closings: closings[j],
    monto: cents[j] / 100,
    transacciones: tx[j],
  }))
    .filter((t) => t.closings > 0)
    .sort((a, b) => Number(a.moneda === "USD") - Number(b.moneda === "USD") || nullsLast(a.moneda, b.moneda));
}
