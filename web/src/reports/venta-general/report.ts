// Venta General (/ventaGeneral): per mall, the month's sales to date against the month's budget and the
// year's sales to date against the budget of January to that month; and the monthly national curve of the
// year against the year before.

import { partitionKey, salesPartitions } from "#contract/extracts.ts";
import { statement } from "../../analytics/connector.ts";
import { addDays, monthSpan, monthTo, sameDaysIn, type Span } from "../shared/dates.ts";
import { between, type CurveMonth, date, monthCurveSql, salesRowsSql } from "../shared/sql.ts";

export interface Period {
  year: number;
  month: number;
  /** The month (to yesterday when it is the current one) and January 1 to its end. */
  month_span: Span;
  ytd: Span;
}

export function period(year: number, month: number, today: string): Period {
  const m = monthTo(year, month, addDays(today, -1));
  return { year, month, month_span: m, ytd: { start: `${year}-01-01`, end: m.end } };
}

/** The partitions the screen reads: every mall's sales of the year and the one before, its budgets. */
export function vgPartitions(mallIds: readonly number[], year: number): string[] {
  return [
    ...salesPartitions(mallIds, [year, year - 1]),
    partitionKey("budgets", year),
    partitionKey("contracts"),
    partitionKey("malls"),
  ];
}

/** The amounts of the table; the m2 view reads each one's `_m2` column. */
export type Amount = "acumulado_mes" | "meta_mes" | "acumulado_anio" | "meta_anio";

/**
 * A mall's figures, or the national total (is_total 1, mall 'Total'); a period without sales or budget has
 * empty amounts.
 */
export type MallRow =
  & {
    is_total: number;
    mall_id: number;
    mall: string;
    sort: number;
    cumplimiento_mes: number | null;
    cumplimiento_anio: number | null;
    area_mes: number | null;
    area_anio: number | null;
  }
  & Record<Amount | `${Amount}_m2`, number | null>;

/** The chart, per month: the year's sales (null for months after the period) and the year before's. */
export interface MonthlyRow {
  mes: number;
  monto_anio_actual: number | null;
  monto_anio_pasado: number;
}

/** A period's sales and budget, both empty when nothing was sold or budgeted in it (not S/ 0.00). */
const amounts = (sold: string, budget: string, names: [string, string]) => {
  const some = `sum(${sold}) <> 0 or sum(${budget}) <> 0`;
  return `(case when ${some} then sum(${sold}) end)::double as ${names[0]},
  (case when ${some} then sum(${budget}) end)::double as ${names[1]}`;
};

const FIGURES = `
  ${amounts("mes", "meta_mes", ["acumulado_mes", "meta_mes"])},
  (sum(mes) / nullif(sum(meta_mes), 0) * 100)::double as cumplimiento_mes,
  ${amounts("anio", "meta_anio", ["acumulado_anio", "meta_anio"])},
  (sum(anio) / nullif(sum(meta_anio), 0) * 100)::double as cumplimiento_anio,
  sum(area_mes)::double as area_mes, sum(area_anio)::double as area_anio,
  (sum(mes) / nullif(sum(area_mes), 0))::double as acumulado_mes_m2,
  (sum(meta_mes) / nullif(sum(area_mes), 0))::double as meta_mes_m2,
  (sum(anio) / nullif(sum(area_anio), 0))::double as acumulado_anio_m2,
  (sum(meta_anio) / nullif(sum(area_anio), 0))::double as meta_anio_m2`;

/**
 * One row per mall and the national total (last), all malls listed: the soles contracts (the dollar ones
 * are never added to them: usdSql).
 */
export function perMallSql(p: Period) {
  const monthStart = date(`${p.year}-${String(p.month).padStart(2, "0")}-01`);
  return statement<MallRow>(`with
  sales as (
    select contract_id,
           sum(case when ${between("day", p.month_span)} then amount_cents end) / 100.0 as mes,
           sum(amount_cents) / 100.0 as anio
      from (${salesRowsSql(p.ytd)}) group by contract_id),
  bud as (
    select contract_id, sum(case when month = ${monthStart} then amount end) as meta_mes, sum(amount) as meta_anio
      from budgets where month between ${date(`${p.year}-01-01`)} and ${monthStart} group by contract_id),
  pc as (
    select k.mall_id, coalesce(s.mes, 0) as mes, coalesce(s.anio, 0) as anio,
           coalesce(b.meta_mes, 0) as meta_mes, coalesce(b.meta_anio, 0) as meta_anio,
           case when s.mes > 0 then k.area else 0 end as area_mes,
           case when s.anio > 0 then k.area else 0 end as area_anio
      from sales s full join bud b on b.contract_id = s.contract_id
      join contracts k on k.id = coalesce(s.contract_id, b.contract_id)
     where k.currency = 'PEN'),
  agg as (select mall_id, ${FIGURES} from pc group by mall_id),
  tot as (select ${FIGURES} from pc)
  select 0 as is_total, m.id as mall_id, m.name as mall, m.sort, a.* exclude (mall_id)
    from malls m left join agg a on a.mall_id = m.id
  union all
  select 1, 0, 'Total', 999, tot.* from tot
  order by is_total, sort`);
}

/**
 * National sales per month of the year (to the period's end) and of the year before: months before the
 * period's month whole, the period's month on the same calendar days, later months of the year before whole.
 */
export function monthlySql(p: Period) {
  const prev = p.year - 1;
  const months = Array.from({ length: 12 }, (_, i): CurveMonth => {
    const k = i + 1;
    return {
      act: k < p.month ? monthSpan(p.year, k) : k === p.month ? p.month_span : null,
      cmp: k === p.month ? sameDaysIn(p.month_span, prev) : monthSpan(prev, k),
    };
  });
  const names: ["monto_anio_actual", "monto_anio_pasado"] = ["monto_anio_actual", "monto_anio_pasado"];
  return statement<MonthlyRow>(monthCurveSql(months, names));
}

/**
 * The dollar contracts' sales, all malls: the month to date and the year to date ($); the month's 0 when they
 * sold earlier in the year only (the note says $ 0.00, not an empty amount).
 */
export interface UsdRow {
  contracts: number;
  mes: number | null;
  anio: number | null;
}

export function usdSql(p: Period) {
  return statement<UsdRow>(`
  select count(distinct s.contract_id)::int as contracts,
         (coalesce(sum(case when ${
    between("s.day", p.month_span)
  } then s.amount_cents end), 0) / 100.0)::double
           as mes,
         (sum(s.amount_cents) / 100.0)::double as anio
    from (${salesRowsSql(p.ytd)}) s join contracts k on k.id = s.contract_id
   where k.currency = 'USD'`);
}
