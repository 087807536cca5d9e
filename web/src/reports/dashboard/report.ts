// Dashboard (/dashboard): monthly national sales of the report year against the comparison year, the
// sector average against total sales, pedestrian traffic and vacancy per mall.

import { partitionKey, salesPartitions, yearPartitions } from "#contract/extracts.ts";
import { statement } from "../../analytics/connector.ts";
import { addDays, monthSpan, monthTo, parts, sameDaysIn } from "../shared/dates.ts";
import type { Moneda } from "../shared/money.ts";
import { type CurveMonth, date, int, monthCurveSql, salesRowsSql } from "../shared/sql.ts";

/** The partitions of the two charts (every mall's sales of both years) and of the cards (traffic, vacancy). */
export const chartPartitions = (mallIds: readonly number[], y2: number, comparisonYear: number) => [
  ...salesPartitions(mallIds, [y2, comparisonYear]),
  partitionKey("contracts"),
];
export const cardPartitions = (today: string) => {
  const y = parts(addDays(today, -1))[0];
  return [partitionKey("locals"), partitionKey("malls"), ...yearPartitions("traffic_pedestrian", [y, y - 1])];
};

/** Chart 1, per month: the report year's sales (null for months not begun) and the comparison year's. */
export interface YearsRow {
  mes: number;
  venta_anio2: number | null;
  venta_anio1: number;
}

/** Chart 2, per month: total sales (null for months not begun) and the sector average (null when none sold). */
export interface SectorRow {
  mes: number;
  venta_anio: number | null;
  venta_promedio_rubro: number | null;
}

/** The traffic cards: the last day with traffic ('YYYY-MM-DD', null without any) and its comparisons. */
export interface TrafficRow {
  fecha: string | null;
  hoy: number | null;
  ayer: number | null;
  ytd: number | null;
  ytd_anterior: number | null;
}

/** A vacancy card: per mall, then 'Totales' (is_total 1). */
export interface VacancyRow {
  is_total: number;
  mall_id: number;
  name: string;
  sort: number;
  area: number;
  vacante: number;
  vacancy: number | null;
}

/**
 * Per month of the report year y2: the soles contracts' sales to yesterday (null for months not begun), and
 * the comparison year's sales of the same calendar days (the whole month unless y2's month is cut at
 * yesterday). The dollar contracts are never added to them: usdYearsSql answers theirs apart.
 */
export function yearsSql(y2: number, comparisonYear: number, today: string, currency: Moneda = "PEN") {
  const last = addDays(today, -1);
  const months = Array.from({ length: 12 }, (_, i): CurveMonth => {
    const cur = monthTo(y2, i + 1, last);
    const started = cur.start <= cur.end;
    return {
      act: started ? cur : null,
      cmp: started ? sameDaysIn(cur, comparisonYear) : monthSpan(comparisonYear, i + 1),
    };
  });
  const names: ["venta_anio2", "venta_anio1"] = ["venta_anio2", "venta_anio1"];
  return statement<YearsRow>(monthCurveSql(months, names, currency));
}

/**
 * Per month of year y (to yesterday): the soles contracts' total sales and the sector average (total /
 * categories that sold); months not begun are empty, as on chart 1.
 */
export function sectorSql(y: number, today: string) {
  const end = addDays(today, -1);
  // The last month of y begun by yesterday (0: none, 12: every one).
  const [ey, em] = parts(end);
  const begun = ey < y ? 0 : ey > y ? 12 : em;
  return statement<SectorRow>(`with
  cat as (
    select month(s.day)::int as mes, k.category_id, sum(s.amount_cents) / 100.0 as amount
      from (${salesRowsSql({ start: `${y}-01-01`, end: end < `${y}-12-31` ? end : `${y}-12-31` })}) s
      join contracts k on k.id = s.contract_id
     where k.currency = 'PEN'
     group by 1, 2)
  select m.mes, (case when m.mes <= ${int(begun)} then coalesce(sum(c.amount), 0) end)::double as venta_anio,
         (sum(c.amount) / nullif(count(case when c.amount > 0 then 1 end), 0))::double as venta_promedio_rubro
    from (select unnest(range(1, 13))::int as mes) m left join cat c on c.mes = m.mes
   group by m.mes order by m.mes`);
}

/**
 * Pedestrian traffic (all malls and zones): the last day with data against the day before, and January 1
 * to that day against the same calendar days of the year before.
 */
export function trafficSql(today: string) {
  const y = parts(addDays(today, -1))[0];
  return trafficStatement(today, y);
}

function trafficStatement(today: string, y: number) {
  return statement<TrafficRow>(`with
  d as (select max(day) as last from traffic_pedestrian where day < ${date(today)} and year(day) >= ${
    int(y - 1)
  }),
  daily as (select day, sum(visitors)::double as v from traffic_pedestrian group by day)
  select strftime(d.last, '%Y-%m-%d') as fecha,
         (select v from daily where day = d.last) as hoy,
         (select v from daily where day = d.last - 1) as ayer,
         (select sum(v) from daily where day between make_date(year(d.last), 1, 1) and d.last) as ytd,
         (select sum(v) from daily
           where year(day) = year(d.last) - 1
             and (month(day) * 100 + dayofmonth(day)) <= month(d.last) * 100 + dayofmonth(d.last)) as ytd_anterior
    from d`);
}

/** Vacancy per mall and in total: area of the locals in state 4 over the area of all locals. */
export function vacancySql() {
  return vacancyStatement();
}

function vacancyStatement() {
  return statement<VacancyRow>(`with agg as (
    select mall_id, sum(area)::double as area, sum(case when vacancy_state = 4 then area else 0 end)::double as vacante
      from locals group by mall_id)
  select 0 as is_total, m.id as mall_id, m.name, m.sort, coalesce(a.area, 0) as area, coalesce(a.vacante, 0) as vacante,
         (a.vacante / nullif(a.area, 0) * 100)::double as vacancy
    from malls m left join agg a on a.mall_id = m.id
  union all
  select 1, 0, 'Totales', 999, sum(area), sum(vacante), (sum(vacante) / nullif(sum(area), 0) * 100)::double from agg
  order by is_total, sort`);
}
