// Venta General (/ventaGeneral): per mall, the month's sales to date against the month's budget and the
// year's sales to date against the budget of January to that month; and the monthly national curve of the
// year against the year before.

import { addDays, monthSpan, monthTo, sameDaysIn, type Span } from "../shared/dates.ts";
import { between, date, int } from "../shared/sql.ts";

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
  const sales = mallIds.flatMap((m) => [year, year - 1].map((y) => `sales_daily.${m}.${y}`));
  return [...sales, `budgets.${year}`, "contracts", "malls"];
}

const FIGURES = `
  sum(mes)::double as acumulado_mes, sum(meta_mes)::double as meta_mes,
  (sum(mes) / nullif(sum(meta_mes), 0) * 100)::double as cumplimiento_mes,
  sum(anio)::double as acumulado_anio, sum(meta_anio)::double as meta_anio,
  (sum(anio) / nullif(sum(meta_anio), 0) * 100)::double as cumplimiento_anio,
  sum(area_mes)::double as area_mes, sum(area_anio)::double as area_anio,
  (sum(mes) / nullif(sum(area_mes), 0))::double as acumulado_mes_m2,
  (sum(meta_mes) / nullif(sum(area_mes), 0))::double as meta_mes_m2,
  (sum(anio) / nullif(sum(area_anio), 0))::double as acumulado_anio_m2,
  (sum(meta_anio) / nullif(sum(area_anio), 0))::double as meta_anio_m2`;

/** One row per mall and the national total (last), all malls listed. */
export function perMallSql(p: Period): string {
  const monthStart = date(`${p.year}-${String(p.month).padStart(2, "0")}-01`);
  return `with
  sales as (
    select contract_id,
           sum(case when ${between("day", p.month_span)} then amount_cents end) / 100.0 as mes,
           sum(amount_cents) / 100.0 as anio
      from sales_daily where ${between("day", p.ytd)} group by contract_id),
  bud as (
    select contract_id, sum(case when month = ${monthStart} then amount end) as meta_mes, sum(amount) as meta_anio
      from budgets where month between ${date(`${p.year}-01-01`)} and ${monthStart} group by contract_id),
  pc as (
    select k.mall_id, coalesce(s.mes, 0) as mes, coalesce(s.anio, 0) as anio,
           coalesce(b.meta_mes, 0) as meta_mes, coalesce(b.meta_anio, 0) as meta_anio,
           case when s.mes > 0 then k.area else 0 end as area_mes,
           case when s.anio > 0 then k.area else 0 end as area_anio
      from sales s full join bud b on b.contract_id = s.contract_id
      join contracts k on k.id = coalesce(s.contract_id, b.contract_id)),
  agg as (select mall_id, ${FIGURES} from pc group by mall_id),
  tot as (select ${FIGURES} from pc)
  select 0 as is_total, m.id as mall_id, m.name as mall, m.sort, a.* exclude (mall_id)
    from malls m left join agg a on a.mall_id = m.id
  union all
  select 1, 0, 'Total', 999, tot.* from tot
  order by is_total, sort`;
}

/**
 * National sales per month of the year (to the period's end) and of the year before: months before the
 * period's month whole, the period's month on the same calendar days, later months of the year before whole.
 */
export function monthlySql(p: Period): string {
  const prev = p.year - 1;
  const rows: string[] = [];
  for (let k = 1; k <= 12; k++) {
    const cur: Span | null = k < p.month ? monthSpan(p.year, k) : k === p.month ? p.month_span : null;
    const before = k === p.month ? sameDaysIn(p.month_span, prev) : monthSpan(prev, k);
    const c = cur ?? { start: "1900-01-02", end: "1900-01-01" };
    rows.push(
      `(${int(k)}, ${date(c.start)}, ${date(c.end)}, ${cur ? "true" : "false"}, ${date(before.start)}, ${
        date(before.end)
      })`,
    );
  }
  return `with
  spans(mes, a0, a1, has_act, b0, b1) as (values ${rows.join(", ")}),
  daily as (
    select day, sum(amount_cents) / 100.0 as amount from sales_daily
     where ${between("day", { start: `${prev}-01-01`, end: p.month_span.end })} group by day)
  select s.mes,
         case when s.has_act then coalesce(sum(case when d.day between s.a0 and s.a1 then d.amount end), 0) end::double
           as monto_anio_actual,
         coalesce(sum(case when d.day between s.b0 and s.b1 then d.amount end), 0)::double as monto_anio_pasado
    from spans s left join daily d on d.day between s.b0 and s.b1 or d.day between s.a0 and s.a1
   group by s.mes, s.has_act order by s.mes`;
}
