// Bitácora de Eventos (/bitacoraEventos): the daily sales of a mall (or all) over the window, for the
// accumulated figure and the area chart the logged events are marked on.

import { partitionKey, salesPartitions } from "#contract/extracts.ts";
import { statement } from "../../analytics/connector.ts";
import { parts, type Span } from "../shared/dates.ts";
import { between, date, int } from "../shared/sql.ts";

export const bitacoraPartitions = (mallIds: readonly number[], mall: number, s: Span) => [
  ...salesPartitions(mall ? [mall] : mallIds, [...new Set([parts(s.start)[0], parts(s.end)[0]])]),
  partitionKey("contracts"),
];

/** A day of the window: the soles and the dollar contracts' sales apart, and whether any closing exists. */
export interface DayRow {
  fecha: string;
  /** Soles (0 without closings). */
  venta: number;
  /** Dollars (0 without closings). */
  venta_usd: number;
  closings: boolean;
}

/**
 * Every day of the window with its sales in each currency (soles and dollars are never added), for the mall
 * or every mall (0).
 */
export function dailySalesSql(mall: number, s: Span) {
  return statement<DayRow>(`with
  d as (select unnest(range(${date(s.start)}, ${date(s.end)} + interval 1 day, interval 1 day))::date as day),
  v as (
    select x.day, sum(case when k.currency = 'USD' then 0 else x.amount_cents end) as pen,
           sum(case when k.currency = 'USD' then x.amount_cents else 0 end) as usd
      from sales_daily x join contracts k on k.id = x.contract_id
     where ${between("x.day", s)}${mall ? ` and k.mall_id = ${int(mall)}` : ""} group by x.day)
  select strftime(d.day, '%Y-%m-%d') as fecha, (coalesce(v.pen, 0) / 100.0)::double as venta,
         (coalesce(v.usd, 0) / 100.0)::double as venta_usd, v.day is not null as closings
    from d left join v on v.day = d.day order by d.day`);
}

/** A day of the chart: the soles sales, empty (not S/ 0) after the last day with closings. */
export interface ChartDay {
  fecha: string;
  venta: number | null;
}

/**
 * The chart's days: the window's to the last one with closings (today has none yet: not a drop to S/ 0), and
 * on to the last day with an event ('yyyy-mm-dd'), those without a figure: an event logged today is marked.
 */
export function chartDays(days: readonly DayRow[], eventDays: readonly string[]): ChartDay[] {
  const closed = days.findLastIndex((d) => d.closings);
  const marked = new Set(eventDays);
  const last = Math.max(closed, days.findLastIndex((d) => marked.has(d.fecha)));
  return days.slice(0, last + 1).map((d, i) => ({ fecha: d.fecha, venta: i <= closed ? d.venta : null }));
}
