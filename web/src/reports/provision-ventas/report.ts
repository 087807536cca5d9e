// Provisión de Ventas (/Reportes/ReporteProvisionVentas): for a month of a mall (to yesterday while it runs),
// the sales registered and an estimate of the days a tenant has not registered yet (docs/metrics.md,
// Provisión). Estimates live in this report only: no other report reads them.

import { partitionKey, salesPartitions } from "#contract/extracts.ts";
import { shaped } from "../../analytics/connector.ts";
import { addDays, iso, monthTo, type Span } from "../shared/dates.ts";
import type { Moneda } from "../shared/money.ts";
import { codeFilter, date, int } from "../shared/sql.ts";
import { percentOf } from "../shared/sums.ts";
import { counterpart, yearBack } from "./season.ts";

export interface ProvisionFilters {
  mall: number;
  year: number;
  month: number;
  /** A contract code, '' for every contract of the mall. */
  contract: string;
}

/** Same weekday, up to 8 weeks back: the history an estimate reads (56 days before the month). */
export const HISTORY_DAYS = 56;
/** The mall's trend is kept within these bounds (one odd day does not double an estimate). */
export const TREND_BOUNDS = [0.5, 2] as const;
export const provisionSpan = (f: ProvisionFilters, today: string): Span =>
  monthTo(f.year, f.month, addDays(today, -1));

/**
 * The mall's sales from the first day a month's estimates read (its same-weekday history a year back, for the
 * season) to the month's year, and the contracts.
 */
export function provisionPartitions(f: ProvisionFilters): string[] {
  const first = Number(addDays(iso(f.year, f.month, 1), -(yearBack(f.month)[1] + HISTORY_DAYS)).slice(0, 4));
  const years = Array.from({ length: f.year - first + 1 }, (_, i) => first + i);
  return [...salesPartitions([f.mall], years), partitionKey("contracts")];
}

/**
 * CTEs: `k` the mall's contracts with the days they operated in the span (from the later of the span's start,
 * the contract's start and its operations start, to the earlier of the span's end, its end and its
 * operations end); `hist` the mall's daily sales from 56 days before the span; `reg` the registered days of
 * the span; `miss` the operating days without a closing; `est` each missing day's estimate: the mean of the
 * contract's sales on the same weekday in the 8 weeks before (else its mean registered day of the month), times
 * the mall's trend that day (the sales of the contracts of the same currency that registered it over their own
 * same-weekday mean, within 0.5 and 2) or, when none did, the season of that day a year before (`season`: the
 * same ratio on the day's counterpart a year before, `cal`: the same date, or the same day of a moving
 * campaign; it carries the month's ramps and campaigns; issue 41's backtest measured it), else 1.
 *
 * `hide` (the backtest, backtest.ts): the same method on days whose closings are known: `hidden` holds each
 * contract's last `hide` registered days of the span (contracts with more than that), left out of `hist` and
 * `reg` and estimated as the only missing days.
 */
export function provisionCtes(f: ProvisionFilters, s: Span, hide?: number): string {
  const from = `(${date(s.start)} - interval ${HISTORY_DAYS} day)::date`;
  const back = yearBack(f.month);
  const sameWeekday = (a: string, b: string) =>
    `${b}.day < ${a} and ${b}.day >= (${a} - interval ${HISTORY_DAYS} day)::date and dayofweek(${b}.day) = dayofweek(${a})`;
  return `
  k as (
    select id, code, denominacion, currency as moneda,
           greatest(${date(s.start)}, start_date, coalesce(op_start, start_date)) as f,
           least(${date(s.end)}, end_date, coalesce(op_end, end_date)) as t
      from contracts where mall_id = ${int(f.mall)}),${
    hide === undefined ? "" : `
  hidden as (
    select contract_id, moneda, day, v from (
      select d.contract_id, k.moneda, d.day, d.amount_cents / 100.0 as v,
             row_number() over (partition by d.contract_id order by d.day desc) as back,
             count(*) over (partition by d.contract_id) as days
        from sales_daily d join k on k.id = d.contract_id
       where d.day between ${date(s.start)} and ${date(s.end)})
     where back <= ${int(hide)} and days > ${int(hide)}),`
  }
  hist as (
    select d.contract_id, k.moneda, d.day, d.amount_cents / 100.0 as v
      from sales_daily d join k on k.id = d.contract_id
     where d.day between ${from} and ${date(s.end)}${
    hide === undefined
      ? ""
      : " and not exists (select 1 from hidden x where x.contract_id = d.contract_id and x.day = d.day)"
  }),
  reg as (select contract_id, moneda, day, v from hist where day between ${date(s.start)} and ${date(s.end)}),
  span_days as (
    select unnest(generate_series(${date(s.start)}, ${date(s.end)}, interval 1 day))::date as day),
  exp as (
    select k.id as contract_id, k.moneda, g.day from k, span_days g where g.day between k.f and k.t),
  miss as (${
    hide === undefined
      ? `
    select e.contract_id, e.moneda, e.day from exp e
     where not exists (select 1 from reg r where r.contract_id = e.contract_id and r.day = e.day)`
      : "select contract_id, moneda, day from hidden"
  }),
  base_m as (
    select m.contract_id, m.moneda, m.day, avg(h.v) as base, count(h.v) as n
      from miss m left join hist h on h.contract_id = m.contract_id and ${sameWeekday("m.day", "h")}
     group by m.contract_id, m.moneda, m.day),
  base_r as (
    select r.contract_id, r.moneda, r.day, any_value(r.v) as v, avg(h.v) as base
      from reg r join hist h on h.contract_id = r.contract_id and ${sameWeekday("r.day", "h")}
     group by r.contract_id, r.moneda, r.day),
  trend as (
    select day, moneda, least(${TREND_BOUNDS[1]}, greatest(${
    TREND_BOUNDS[0]
  }, sum(v) / nullif(sum(base), 0))) as trend
      from base_r group by day, moneda having sum(base) > 0),
  cal as (select day, ${counterpart("day")} as ly_day from span_days),
  ly as (
    select d.contract_id, k.moneda, d.day, d.amount_cents / 100.0 as v
      from sales_daily d join k on k.id = d.contract_id
     where d.day between (${date(s.start)} - interval ${back[1] + HISTORY_DAYS} day)::date
                     and (${date(s.end)} - interval ${back[0]} day)::date),
  ly_base as (
    select r.contract_id, r.moneda, r.day, any_value(r.v) as v, avg(h.v) as base
      from ly r join ly h on h.contract_id = r.contract_id and ${sameWeekday("r.day", "h")}
     where r.day in (select ly_day from cal)
     group by r.contract_id, r.moneda, r.day),
  season as (
    select c.day, l.moneda, least(${TREND_BOUNDS[1]}, greatest(${
    TREND_BOUNDS[0]
  }, sum(l.v) / nullif(sum(l.base), 0))) as season
      from cal c join ly_base l on l.day = c.ly_day group by c.day, l.moneda having sum(l.base) > 0),
  mavg as (select contract_id, avg(v) as v from reg group by contract_id),
  est as (
    select b.contract_id, b.day, b.n,
           coalesce(b.base, a.v) as base,
           case when b.base is not null then 'mismo día' when a.v is not null then 'promedio del mes' end as basis,
           coalesce(t.trend, y.season, 1.0) as trend,
           coalesce(b.base, a.v, 0) * coalesce(t.trend, y.season, 1.0) as estimate
      from base_m b left join mavg a on a.contract_id = b.contract_id
      left join trend t on t.day = b.day and t.moneda = b.moneda
      left join season y on y.day = b.day and y.moneda = b.moneda)`;
}

/** Per contract: days operated, registered and missing, sales registered and estimated; then the totals row. */
export interface ProvisionRow {
  is_total: number;
  contract_id: number;
  code: string;
  denominacion: string;
  moneda: Moneda;
  dias: number;
  dias_registrados: number;
  dias_faltantes: number;
  real: number;
  provisionado: number;
  total: number;
  porcentaje_real: number | null;
  porcentaje_provisionado: number | null;
}

/**
 * Both statements of the screen: per contract its days and sales (kind 0) and each missing day's estimate
 * (kind 1), in one pass over the estimates' CTEs, which cost DuckDB-WASM 15 to 35 ms each time they run (the
 * engine runs the same SQL once for both).
 */
interface ProvisionCell {
  kind: number;
  contract_id: number;
  code: string;
  denominacion: string | null;
  moneda: Moneda;
  dias: number | null;
  dias_registrados: number | null;
  dias_faltantes: number | null;
  real: number | null;
  provisionado: number | null;
  day: string | null;
  base: number | null;
  basis: string | null;
  n: number | null;
  trend: number | null;
  estimate: number | null;
}

function provisionCellsSql(f: ProvisionFilters, today: string): string {
  const s = provisionSpan(f, today);
  const count = (cte: string, extra = "") =>
    `(select contract_id, count(*) as n${extra} from ${cte} group by contract_id)`;
  return `with ${provisionCtes(f, s)},
  pc as (
    select k.id as contract_id, k.code, k.denominacion, k.moneda, coalesce(e.n, 0) as dias, coalesce(r.n, 0) as dias_registrados,
           coalesce(m.n, 0) as dias_faltantes, coalesce(r.v, 0) as real, coalesce(p.v, 0) as provisionado
      from k
      left join ${count("exp")} e on e.contract_id = k.id
      left join ${count("reg", ", sum(v) as v")} r on r.contract_id = k.id
      left join ${count("miss")} m on m.contract_id = k.id
      left join (select contract_id, sum(estimate) as v from est group by contract_id) p on p.contract_id = k.id
     where ${codeFilter("k.code", f.contract)})
  select 0 as kind, contract_id, code, denominacion, moneda, dias::int as dias, dias_registrados::int as dias_registrados,
         dias_faltantes::int as dias_faltantes, real::double as real, provisionado::double as provisionado,
         null::varchar as day, null::double as base, null::varchar as basis, null::int as n, null::double as trend,
         null::double as estimate
    from pc where dias > 0 or dias_registrados > 0
  union all
  select 1, e.contract_id, k.code, null, k.moneda, null, null, null, null, null, strftime(e.day, '%Y-%m-%d'), e.base::double,
         e.basis, e.n::int, e.trend::double, e.estimate::double
    from est e join k on k.id = e.contract_id
   where ${codeFilter("k.code", f.contract)}`;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function provisionSql(f: ProvisionFilters, today: string) {
  return shaped<ProvisionCell, ProvisionRow>(provisionCellsSql(f, today), (cells) => {
    const rows = cells.filter((c) => c.kind === 0).map((c): ProvisionRow => {
      const real = c.real ?? 0, provisionado = c.provisionado ?? 0;
      return {
        is_total: 0,
        contract_id: c.contract_id,
        code: c.code,
        denominacion: c.denominacion ?? "",
        moneda: c.moneda,
        dias: c.dias ?? 0,
        dias_registrados: c.dias_registrados ?? 0,
        dias_faltantes: c.dias_faltantes ?? 0,
        real,
        provisionado,
        total: real + provisionado,
        porcentaje_real: percentOf(real, real + provisionado),
        porcentaje_provisionado: percentOf(provisionado, real + provisionado),
      };
    }).sort((a, b) => b.dias_faltantes - a.dias_faltantes || byText(a.code, b.code));
    const totalOf = (moneda: Moneda): ProvisionRow[] => {
      const of = rows.filter((r) => r.moneda === moneda);
      if (moneda === "USD" && of.length === 0) return [];
      const sum = (k: "dias" | "dias_registrados" | "dias_faltantes" | "real" | "provisionado") =>
        of.reduce((n, r) => n + r[k], 0);
      const real = sum("real"), provisionado = sum("provisionado");
      return [{
        is_total: moneda === "USD" ? 2 : 1,
        contract_id: 0,
        code: moneda === "USD" ? "Total $" : "Total S/",
        denominacion: "",
        moneda,
        dias: sum("dias"),
        dias_registrados: sum("dias_registrados"),
        dias_faltantes: sum("dias_faltantes"),
        real,
        provisionado,
        total: real + provisionado,
        porcentaje_real: of.length ? percentOf(real, real + provisionado) : null,
        porcentaje_provisionado: of.length ? percentOf(provisionado, real + provisionado) : null,
      }];
    };
    // Soles and dollars are never added: a totals row per currency (docs/metrics.md, Currency).
    return [...rows, ...totalOf("PEN"), ...totalOf("USD")];
  });
}

/** A missing day and how its estimate was made. */
export interface MissingDayRow {
  contract_id: number;
  code: string;
  moneda: Moneda;
  day: string;
  /** The same-weekday mean (or the month's mean registered day), the mall's trend and their product. */
  base: number | null;
  basis: string | null;
  /** Same-weekday days the mean read. */
  n: number;
  trend: number;
  estimate: number;
}

export function missingDaysSql(f: ProvisionFilters, today: string) {
  return shaped<ProvisionCell, MissingDayRow>(
    provisionCellsSql(f, today),
    (cells) =>
      cells.filter((c) => c.kind === 1).map((c): MissingDayRow => ({
        contract_id: c.contract_id,
        code: c.code,
        moneda: c.moneda,
        day: c.day ?? "",
        base: c.base,
        basis: c.basis,
        n: c.n ?? 0,
        trend: c.trend ?? 1,
        estimate: c.estimate ?? 0,
      })).sort((a, b) => byText(a.code, b.code) || byText(a.day, b.day)),
  );
}
