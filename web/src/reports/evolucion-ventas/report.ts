// Evolución Ventas por CEBE (/Reportes/EvolucionVentas) and por Tienda (/Reportes/EvolucionVentasTienda): the
// 12 months to the closing month of a mall, by CeBe or by contract, against the same months of the
// comparison year; the fulfilment of both years against the budgets; and the closing month's sales by
// calendar week (docs/metrics.md, Evolución).

import { partitionKey, salesPartitions } from "#contract/extracts.ts";
import { shaped, statement } from "../../analytics/connector.ts";
import { addDays, daysInMonth, iso, monthTo, sameDaysIn, type Span } from "../shared/dates.ts";
import { totalKindSql, totalLabelSql } from "../shared/money.ts";
import { date, int, salesRowsSql } from "../shared/sql.ts";
import { nullsLast, percentOf, sumOf } from "../shared/sums.ts";

export type EvolutionBy = "cebe" | "contract";

export interface EvolutionFilters {
  by: EvolutionBy;
  mall: number;
  /** The closing month (mesCorte) of the report year. */
  year: number;
  month: number;
  /** The comparison year. */
  comparisonYear: number;
}

/** The 12 months to the closing month: their year and month, oldest first. */
export function windowMonths(year: number, month: number): { year: number; month: number }[] {
  return Array.from({ length: 12 }, (_, i) => {
    const k = year * 12 + (month - 1) - 11 + i;
    return { year: Math.floor(k / 12), month: (k % 12) + 1 };
  });
}

/** The report window (to yesterday when the closing month is running) and the comparison one, shifted. */
export function windows(f: EvolutionFilters, today: string): { act: Span; cmp: Span; shift: number } {
  const first = windowMonths(f.year, f.month)[0];
  const last = monthTo(f.year, f.month, addDays(today, -1));
  const shift = f.year - f.comparisonYear;
  const cmpLast = sameDaysIn(last, f.comparisonYear);
  return {
    act: { start: iso(first.year, first.month, 1), end: last.end },
    cmp: { start: iso(first.year - shift, first.month, 1), end: cmpLast.end },
    shift,
  };
}

/** The years the windows touch. */
const yearsOf = (
  f: EvolutionFilters,
) => [...new Set([f.year - 1, f.year, f.comparisonYear - 1, f.comparisonYear])];

export function evolutionPartitions(f: EvolutionFilters): string[] {
  return [
    ...salesPartitions([f.mall], yearsOf(f)),
    ...yearsOf(f).map((y) => partitionKey("budgets", y)),
    partitionKey("contracts"),
  ];
}

/** Per 12 months (0 the oldest) a figure of the report year (a), the comparison year (b) and fulfilments. */
type Months<P extends string> = Record<`${P}${number}`, number | null>;

/**
 * One row per CeBe or contract and currency (and a totals row per currency, is_total 1 soles and 2 dollars):
 * sales per month and in total of both years (a0..a11, a_tot; b0..b11, b_tot) and the fulfilment of each
 * (ca…, cb…).
 */
export type EvolutionRow =
  & { is_total: number; id: number; code: string; name: string; moneda: string }
  & Months<"a" | "b" | "ca" | "cb">
  & { a_tot: number | null; b_tot: number | null; ca_tot: number | null; cb_tot: number | null };

const groupCols = (by: EvolutionBy) =>
  by === "cebe"
    ? "0 as id, k.cebe_code as code, k.cebe_name as name"
    : "k.id as id, k.code as code, k.denominacion as name";

/** The month index (0 to 11) in the window of a day, for a window starting at (y, m). */
const monthIndex = (col: string, y: number, m: number) =>
  `(year(${col}) * 12 + month(${col}) - ${int(y * 12 + m)})`;

/** Sales and budgets of both years per group, currency and month of the window, as DuckDB sums them. */
interface EvolutionCell {
  id: number;
  code: string;
  name: string;
  moneda: string;
  idx: number;
  av: number | null;
  bv: number | null;
  ab: number | null;
  bb: number | null;
}

export function evolutionSql(f: EvolutionFilters, today: string) {
  const w = windows(f, today);
  const first = windowMonths(f.year, f.month)[0];
  const lastDays = Number(w.act.end.slice(8, 10)), lastFull = daysInMonth(f.year, f.month);
  const cmpDays = Number(w.cmp.end.slice(8, 10)), cmpFull = daysInMonth(f.comparisonYear, f.month);
  // The budget of the closing month counts the days reported only (a running month): prorated.
  const budget = (y: number, days: number, full: number) => {
    const idx = monthIndex("month", y, first.month);
    const lastYear = y + (first.month === 1 ? 0 : 1);
    return `select contract_id, ${idx} as idx, amount * case when ${idx} = 11 then ${
      days / full
    } else 1 end as budget
       from budgets where month between ${date(iso(y, first.month, 1))} and ${
      date(iso(lastYear, f.month, 1))
    }`;
  };
  // Grouped by month here, pivoted by evolutionRows: 12 months × 4 figures × 2 (groups and total) as
  // aggregates cost DuckDB-WASM 35 to 60 ms a change.
  return shaped<EvolutionCell, EvolutionRow>(
    `with
  s as (
    select contract_id, ${monthIndex("day", first.year, first.month)} as idx, true as is_act, amount_cents
      from (${salesRowsSql(w.act)})
    union all
    select contract_id, ${monthIndex("day", first.year - w.shift, first.month)}, false, amount_cents
      from (${salesRowsSql(w.cmp)})),
  b as (
    select contract_id, idx, true as is_act, budget from (${budget(first.year, lastDays, lastFull)})
    union all
    select contract_id, idx, false, budget from (${budget(first.year - w.shift, cmpDays, cmpFull)})),
  v as (
    select contract_id, idx, is_act, sum(amount_cents) / 100.0 as venta, null::double as budget from s
     group by all
    union all
    select contract_id, idx, is_act, null, sum(budget) from b group by all)
  select ${groupCols(f.by)}, k.currency as moneda, v.idx::int as idx,
         sum(case when v.is_act then v.venta end)::double as av,
         sum(case when not v.is_act then v.venta end)::double as bv,
         sum(case when v.is_act then v.budget end)::double as ab,
         sum(case when not v.is_act then v.budget end)::double as bb
    from v join contracts k on k.id = v.contract_id
   where k.mall_id = ${int(f.mall)}
   group by all`,
    evolutionRows,
  );
}

/**
 * The report's rows from the grouped cells: per group the 12 months of both years and their totals, with
 * the fulfilments against the budgets; groups with sales in neither year left out; the totals row over
 * every cell (the budgets of the groups left out included), last.
 */
export function evolutionRows(cells: readonly EvolutionCell[]): EvolutionRow[] {
  interface Acc {
    id: number;
    code: string;
    name: string;
    moneda: string;
    av: (number | null)[];
    bv: (number | null)[];
    ab: (number | null)[];
    bb: (number | null)[];
  }
  const blank = (id: number, code: string, name: string, moneda: string): Acc => {
    const n = () => Array<number | null>(12).fill(null);
    return { id, code, name, moneda, av: n(), bv: n(), ab: n(), bb: n() };
  };
  const groups = new Map<string, Acc>();
  const totals = new Map<string, Acc>();
  for (const c of cells) {
    const key = JSON.stringify([c.id, c.code, c.name, c.moneda]);
    let g = groups.get(key);
    if (!g) groups.set(key, g = blank(c.id, c.code, c.name, c.moneda));
    let t = totals.get(c.moneda);
    if (!t) totals.set(c.moneda, t = blank(0, c.moneda === "USD" ? "Total $" : "Total S/", "", c.moneda));
    for (const acc of [g, t]) {
      acc.av[c.idx] = sumOf(acc.av[c.idx], c.av);
      acc.bv[c.idx] = sumOf(acc.bv[c.idx], c.bv);
      acc.ab[c.idx] = sumOf(acc.ab[c.idx], c.ab);
      acc.bb[c.idx] = sumOf(acc.bb[c.idx], c.bb);
    }
  }
  const row = (a: Acc, isTotal: boolean): EvolutionRow => {
    const sum = (xs: (number | null)[]) => xs.reduce(sumOf, null);
    const r: Record<string, number | string | null> = {
      is_total: isTotal ? (a.moneda === "USD" ? 2 : 1) : 0,
      id: a.id,
      code: a.code,
      name: a.name,
      moneda: a.moneda,
    };
    for (let i = 0; i < 12; i++) {
      r[`a${i}`] = a.av[i];
      r[`b${i}`] = a.bv[i];
      r[`ca${i}`] = percentOf(a.av[i], a.ab[i]);
      r[`cb${i}`] = percentOf(a.bv[i], a.bb[i]);
    }
    const [at, bt] = [sum(a.av), sum(a.bv)];
    Object.assign(r, {
      a_tot: at,
      b_tot: bt,
      ca_tot: percentOf(at, sum(a.ab)),
      cb_tot: percentOf(bt, sum(a.bb)),
    });
    return r as EvolutionRow;
  };
  const rows = [...groups.values()].map((g) => row(g, false)).filter((r) =>
    r.a_tot !== null || r.b_tot !== null
  );
  rows.sort((x, y) => nullsLast(x.a_tot, y.a_tot, true) || nullsLast(x.code, y.code));
  const tot = [...totals.values()].sort((x, y) => Number(x.moneda === "USD") - Number(y.moneda === "USD"));
  return [...rows, ...tot.map((t) => row(t, true))];
}

/** The calendar weeks (Monday to Sunday) of a month: Semana 1 holds the 1st. */
export function monthWeeks(year: number, month: number): Span[] {
  const weeks: Span[] = [];
  let start = iso(year, month, 1);
  const end = iso(year, month, daysInMonth(year, month));
  while (start <= end) {
    const dow = (new Date(`${start}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
    const sunday = addDays(start, 6 - dow);
    weeks.push({ start, end: sunday < end ? sunday : end });
    start = addDays(sunday, 1);
  }
  return weeks;
}

/** The closing month's sales by calendar week (w1 … w6, null past the month's weeks) and in total. */
export type WeeklyRow =
  & { is_total: number; id: number; code: string; name: string; moneda: string; total: number | null }
  & Record<`w${number}`, number | null>;

export function weeklySql(f: EvolutionFilters, today: string) {
  const span = monthTo(f.year, f.month, addDays(today, -1));
  const weeks = monthWeeks(f.year, f.month);
  const week = `case ${weeks.map((w, i) => `when day <= ${date(w.end)} then ${i + 1}`).join(" ")} end`;
  const cols = Array.from(
    { length: 6 },
    (_, i) =>
      i < weeks.length
        ? `(sum(case when wk = ${i + 1} then venta end))::double as w${i + 1}`
        : `null::double as w${i + 1}`,
  ).join(", ");
  return statement<WeeklyRow>(`with
  pc as (
    select ${groupCols(f.by)}, k.currency as moneda, ${week} as wk, s.amount_cents / 100.0 as venta
      from (select contract_id, day, amount_cents from sales_daily where day between ${
    date(span.start)
  } and ${date(span.end)}) s
      join contracts k on k.id = s.contract_id
     where k.mall_id = ${int(f.mall)})
  select 0 as is_total, id, code, name, moneda, ${cols}, sum(venta)::double as total
    from pc group by id, code, name, moneda
  union all
  select ${totalKindSql("moneda")}, 0, ${totalLabelSql("moneda")}, '', moneda, ${cols}, sum(venta)::double
    from pc group by moneda
  order by is_total, total desc nulls last, code`);
}

/** A day of the closing month: the soles contracts' sales in both years (the Diaria chart). */
export interface DailyRow {
  dia: number;
  act: number | null;
  cmp: number | null;
}

/** The mall's soles contracts' sales per day of the closing month in both years (the Diaria chart). */
export function dailySql(f: EvolutionFilters, today: string) {
  const act = monthTo(f.year, f.month, addDays(today, -1));
  const cmp = sameDaysIn(act, f.comparisonYear);
  const sel = (s: Span) =>
    `select day(s.day) as dia, sum(s.amount_cents) / 100.0 as v from sales_daily s join contracts k on k.id = s.contract_id
      where k.mall_id = ${int(f.mall)} and k.currency = 'PEN' and s.day between ${date(s.start)} and ${
      date(s.end)
    } group by 1`;
  return statement<DailyRow>(`with a as (${sel(act)}), b as (${sel(cmp)})
  select g.dia::int as dia, a.v::double as act, b.v::double as cmp
    from (select unnest(range(1, ${daysInMonth(f.year, f.month) + 1})) as dia) g
    left join a on a.dia = g.dia left join b on b.dia = g.dia order by g.dia`);
}
