// A contract's sales curve for two years (the report year and the comparison year), per month of the year or
// per day of one month: the side panel a report's contract row opens. Raw registered amounts, no inflation.

import { statement } from "../../analytics/connector.ts";
import { monthSpan, type Span } from "./dates.ts";
import { between, int } from "./sql.ts";

export interface CurveRow {
  /** The month (1 to 12) or the day of the month (1 to 31). */
  x: number;
  act: number | null;
  cmp: number | null;
}

/** Per month of year and comparisonYear (`month` null), or per day of that month in both years. */
export function contractCurveSql(
  contract: number,
  year: number,
  comparisonYear: number,
  month: number | null,
) {
  const span = (y: number): Span =>
    month === null ? { start: `${y}-01-01`, end: `${y}-12-31` } : monthSpan(y, month);
  const unit = month === null ? "month(day)" : "day(day)";
  const sel = (y: number) =>
    `select ${unit} as x, sum(amount_cents) / 100.0 as amount from sales_daily
      where contract_id = ${int(contract)} and ${between("day", span(y))} group by 1`;
  const n = month === null ? 12 : 31;
  const sql = statement<CurveRow>(`with a as (${sel(year)}), b as (${sel(comparisonYear)})
  select g.x::int as x, a.amount::double as act, b.amount::double as cmp
    from (select unnest(range(1, ${n + 1})) as x) g
    left join a on a.x = g.x left join b on b.x = g.x
   order by g.x`);
  return sql;
}
