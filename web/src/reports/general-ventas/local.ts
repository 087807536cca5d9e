// The twins of the listing's SQL (report.ts) over the loaded closings' columns: the same rows in the same order,
// without DuckDB-WASM (its module, its inserts of a year of every mall's closings and its sort cost the
// screen's first load about a second). The listing's order over the range is found once per range and sort
// and kept, so the pager, the next page found ahead and the export's chunks only cut it.

import type { LocalData, LocalTable } from "../../analytics/local.ts";
import type { Span } from "../shared/dates.ts";
import { nullsLast } from "../shared/sums.ts";
import type { ClosingColumn, ClosingRow, Sort, TotalRow } from "./report.ts";

const DAY = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY;
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
  /** Per listed closing, in order: its partition (index in `columns`) and its row there. */
  part: Uint8Array;
  row: Uint32Array;
}

/** The last orders found (the range's, its neighbours found ahead, a drill-down's): each a sort of the range. */
const kept: Listing[] = [];
const KEEP = 8;

/** The contracts and malls of the loaded dimensions, by id. */
function dimensions(d: LocalData) {
  const malls = new Map(d.rows("malls").map((m) => [m.id as number, m as unknown as Mall]));
  const contracts = new Map<number, { k: Contract; m: Mall }>();
  for (const r of d.rows("contracts")) {
    const k = r as unknown as Contract, m = malls.get(k.mall_id);
    if (m) contracts.set(k.id, { k, m });
  }
  return contracts;
}

/** Dense ranks of the contracts by a value, SQL's order (empty values last, as NaN). */
function ranks(
  contracts: Map<number, { k: Contract; m: Mall }>,
  value: (k: Contract, m: Mall) => number | string | null,
) {
  const all = [...contracts.values()].map(({ k, m }) => ({ id: k.id, v: value(k, m) }))
    .sort((a, b) => nullsLast(a.v, b.v));
  const out = new Map<number, number>();
  let rank = 0;
  all.forEach((x, i) => {
    if (i > 0 && nullsLast(all[i - 1].v, x.v) !== 0) rank++;
    out.set(x.id, x.v === null ? NaN : rank);
  });
  return out;
}

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
  const contracts = dimensions(d);
  const from = dayNumber(span.start), to = dayNumber(span.end);
  const columns = closings.map(columnsOf);
  // The default order (day, mall, contract code, id) as day × contracts + the contract's rank.
  const byContract = sort ? BY_CONTRACT[sort.column] : (k: Contract, m: Mall) => `${1e6 + m.sort}|${k.code}`;
  const rankOf = byContract ? ranks(contracts, byContract) : null;
  const width = contracts.size + 1;
  const parts: number[] = [], rows: number[] = [], keys: number[] = [], ids: number[] = [];
  columns.forEach((c, p) => {
    for (let i = 0; i < c.day.length; i++) {
      const k = c.contract[i];
      if (c.day[i] < from || c.day[i] > to || !contracts.has(k)) continue;
      if (contract !== null && contracts.get(k)!.k.code !== contract) continue;
      parts.push(p);
      rows.push(i);
      ids.push(c.id[i]);
      keys.push(
        !sort
          ? c.day[i] * width + rankOf!.get(k)!
          : rankOf
          ? rankOf.get(k)!
          : BY_CLOSING[sort.column as ClosingColumn]!(c, i),
      );
    }
  });
  const desc = sort?.desc ?? false;
  const order = Array.from(ids, (_, i) => i).sort((a, b) => {
    const x = keys[a], y = keys[b];
    if (x !== y) {
      if (Number.isNaN(x)) return Number.isNaN(y) ? ids[a] - ids[b] : 1;
      if (Number.isNaN(y)) return -1;
      return desc ? y - x : x - y;
    }
    return ids[a] - ids[b];
  });
  const out: Listing = {
    tables,
    key,
    columns,
    part: Uint8Array.from(order, (i) => parts[i]),
    row: Uint32Array.from(order, (i) => rows[i]),
  };
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

function rowsOf(d: LocalData, l: Listing, from: number, until: number): ClosingRow[] {
  const contracts = dimensions(d);
  const out: ClosingRow[] = [];
  for (let at = from; at < Math.min(until, l.row.length); at++) {
    const c = l.columns[l.part[at]], i = l.row[at];
    const { k, m } = contracts.get(c.contract[i])!;
    out.push(closingRow(c, i, k, m));
  }
  return out;
}

/** pageSql's rows: `offset` to `offset + limit - 1` of the listing. */
export const pageLocal = (d: LocalData, span: Span, sort: Sort | null, offset: number, limit: number) =>
  rowsOf(d, listing(d, span, sort, null), offset, offset + limit);

/** contractClosingsSql's rows: a contract's closings of the range by day, then id. */
export const contractLocal = (d: LocalData, span: Span, contract: string) =>
  rowsOf(d, listing(d, span, { column: "fecha_vta", desc: false }, contract), 0, Infinity);

/** totalsSql's rows: per currency (dollars last), the closings, their amount and transactions. */
export function totalsLocal(d: LocalData, span: Span): TotalRow[] {
  const contracts = dimensions(d);
  const from = dayNumber(span.start), to = dayNumber(span.end);
  const out = new Map<string, { closings: number; cents: number; tx: number }>();
  for (const c of d.tables("sales_closings").map(columnsOf)) {
    for (let i = 0; i < c.day.length; i++) {
      const k = contracts.get(c.contract[i])?.k;
      if (!k || c.day[i] < from || c.day[i] > to) continue;
      const t = out.get(k.currency) ?? { closings: 0, cents: 0, tx: 0 };
      t.closings++;
      t.cents += c.cents[i];
      t.tx += c.tx[i];
      out.set(k.currency, t);
    }
  }
  return [...out].sort(([a], [b]) => Number(a === "USD") - Number(b === "USD") || nullsLast(a, b))
    .map(([moneda, t]) => ({ moneda, closings: t.closings, monto: t.cents / 100, transacciones: t.tx }));
}
