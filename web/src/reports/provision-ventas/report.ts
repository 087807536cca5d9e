// Provisión de Ventas (/Reportes/ReporteProvisionVentas): for a month of a mall (to yesterday while it runs),
// the sales registered and an estimate of the days a tenant has not registered yet (docs/metrics.md,
// Provisión). Estimates live in this report only: no other report reads them.

import { partitionKey, salesPartitions } from "../../../../contract/extracts.ts";
import { statement } from "../../analytics/connector.ts";
import { addDays, monthTo, type Span } from "../shared/dates.ts";
import { date, int } from "../shared/sql.ts";

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

export function provisionPartitions(f: ProvisionFilters): string[] {
  return [...salesPartitions([f.mall], [f.year - 1, f.year]), partitionKey("contracts")];
}

/** A contract code (it goes into the SQL text): letters, digits and a few signs only. */
export function codeFilter(col: string, code: string): string {
  if (code === "") return "true";
  if (!/^[A-Za-z0-9_.-]{1,30}$/.test(code)) {
    throw new Error(`Cannot filter by contract: invalid code ${code}`);
  }
  return `${col} = '${code}'`;
}

/**
 * CTEs: `k` the mall's contracts with the days they operated in the span (from the later of the span's start,
 * the contract's start and its operations start, to the earlier of the span's end, its end and its
 * operations end); `hist` the mall's daily sales from 56 days before the span; `reg` the registered days of
 * the span; `miss` the operating days without a closing; `est` each missing day's estimate: the mean of the
 * contract's sales on the same weekday in the 8 weeks before (else its mean registered day of the month), times
 * the mall's trend that day (the sales of the contracts that registered it over their own same-weekday mean,
 * within 0.5 and 2; 1 when none did).
 */
function provisionCtes(f: ProvisionFilters, s: Span): string {
  const from = `(${date(s.start)} - interval ${HISTORY_DAYS} day)::date`;
  const sameWeekday = (a: string, b: string) =>
    `${b}.day < ${a} and ${b}.day >= (${a} - interval ${HISTORY_DAYS} day)::date and dayofweek(${b}.day) = dayofweek(${a})`;
  return `
  k as (
    select id, code, denominacion,
           greatest(${date(s.start)}, start_date, coalesce(op_start, start_date)) as f,
           least(${date(s.end)}, end_date, coalesce(op_end, end_date)) as t
      from contracts where mall_id = ${int(f.mall)}),
  hist as (
    select d.contract_id, d.day, d.amount_cents / 100.0 as v
      from sales_daily d join k on k.id = d.contract_id
     where d.day between ${from} and ${date(s.end)}),
  reg as (select contract_id, day, v from hist where day between ${date(s.start)} and ${date(s.end)}),
  exp as (
    select k.id as contract_id, g.day::date as day
      from k, (select unnest(generate_series(${date(s.start)}, ${date(s.end)}, interval 1 day)) as day) g
     where g.day::date between k.f and k.t),
  miss as (
    select e.contract_id, e.day from exp e
     where not exists (select 1 from reg r where r.contract_id = e.contract_id and r.day = e.day)),
  base_m as (
    select m.contract_id, m.day, avg(h.v) as base, count(h.v) as n
      from miss m left join hist h on h.contract_id = m.contract_id and ${sameWeekday("m.day", "h")}
     group by m.contract_id, m.day),
  base_r as (
    select r.contract_id, r.day, any_value(r.v) as v, avg(h.v) as base
      from reg r join hist h on h.contract_id = r.contract_id and ${sameWeekday("r.day", "h")}
     group by r.contract_id, r.day),
  trend as (
    select day, least(${TREND_BOUNDS[1]}, greatest(${
    TREND_BOUNDS[0]
  }, sum(v) / nullif(sum(base), 0))) as trend
      from base_r group by day having sum(base) > 0),
  mavg as (select contract_id, avg(v) as v from reg group by contract_id),
  est as (
    select b.contract_id, b.day, b.n,
           coalesce(b.base, a.v) as base,
           case when b.base is not null then 'mismo día' when a.v is not null then 'promedio del mes' end as basis,
           coalesce(t.trend, 1.0) as trend,
           coalesce(b.base, a.v, 0) * coalesce(t.trend, 1.0) as estimate
      from base_m b left join mavg a on a.contract_id = b.contract_id left join trend t on t.day = b.day)`;
}

/** Per contract: days operated, registered and missing, sales registered and estimated; then the totals row. */
export interface ProvisionRow {
  is_total: number;
  contract_id: number;
  code: string;
  denominacion: string;
  dias: number;
  dias_registrados: number;
  dias_faltantes: number;
  real: number;
  provisionado: number;
  total: number;
  porcentaje_real: number | null;
  porcentaje_provisionado: number | null;
}

export function provisionSql(f: ProvisionFilters, today: string) {
  const s = provisionSpan(f, today);
  return statement<ProvisionRow>(`with ${provisionCtes(f, s)},
  pc as (
    select k.id as contract_id, k.code, k.denominacion,
           (select count(*) from exp e where e.contract_id = k.id) as dias,
           (select count(*) from reg r where r.contract_id = k.id) as dias_registrados,
           (select count(*) from miss m where m.contract_id = k.id) as dias_faltantes,
           coalesce((select sum(v) from reg r where r.contract_id = k.id), 0) as real,
           coalesce((select sum(estimate) from est e where e.contract_id = k.id), 0) as provisionado
      from k where ${codeFilter("k.code", f.contract)}),
  rows as (select * from pc where dias > 0 or dias_registrados > 0)
  select 0 as is_total, contract_id, code, denominacion, dias::int as dias, dias_registrados::int as dias_registrados,
         dias_faltantes::int as dias_faltantes, real::double as real, provisionado::double as provisionado,
         (real + provisionado)::double as total,
         (real / nullif(real + provisionado, 0) * 100)::double as porcentaje_real,
         (provisionado / nullif(real + provisionado, 0) * 100)::double as porcentaje_provisionado
    from rows
  union all
  select 1, 0, 'Total', '', sum(dias)::int, sum(dias_registrados)::int, sum(dias_faltantes)::int,
         coalesce(sum(real), 0)::double, coalesce(sum(provisionado), 0)::double,
         coalesce(sum(real + provisionado), 0)::double,
         (sum(real) / nullif(sum(real + provisionado), 0) * 100)::double,
         (sum(provisionado) / nullif(sum(real + provisionado), 0) * 100)::double
    from rows
  order by is_total, dias_faltantes desc, code`);
}

/** A missing day and how its estimate was made. */
export interface MissingDayRow {
  contract_id: number;
  code: string;
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
  const s = provisionSpan(f, today);
  return statement<MissingDayRow>(`with ${provisionCtes(f, s)}
  select e.contract_id, k.code, strftime(e.day, '%Y-%m-%d') as day, e.base::double as base, e.basis,
         e.n::int as n, e.trend::double as trend, e.estimate::double as estimate
    from est e join k on k.id = e.contract_id
   where ${codeFilter("k.code", f.contract)}
   order by k.code, e.day`);
}
