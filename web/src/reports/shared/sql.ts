// SQL pieces every sales report shares (docs/metrics.md). Values are put into the text only after being
// checked as integers or ISO dates: no text from a person reaches the SQL.

import type { Span } from "./dates.ts";

export function int(n: number): string {
  if (!Number.isSafeInteger(n)) throw new Error(`no es un entero: ${n}`);
  return String(n);
}

export function date(s: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) throw new Error(`no es una fecha: ${s}`);
  return `DATE '${s}'`;
}

export const between = (col: string, s: Span) => `${col} between ${date(s.start)} and ${date(s.end)}`;

/** 'Todas' (0) is no filter. */
export const mallFilter = (col: string, mall: number) => (mall === 0 ? "true" : `${col} = ${int(mall)}`);

/**
 * CTE `infl(month, factor)`: the factor that brings an amount of month (y1, m) to (y2, m): the product of
 * (1 + pct/100) over the months after (y1, m) up to (y2, m). 1 when the switch is off, when y1 >= y2, or
 * for months without a registered rate.
 */
export function inflationCte(on: boolean, y1: number, y2: number): string {
  if (!on || y1 >= y2) return "infl as (select unnest(range(1, 13)) as month, 1.0::double as factor)";
  return `infl as (
    select m.month, coalesce(exp(sum(ln(1 + i.pct / 100.0))), 1.0)::double as factor
      from (select unnest(range(1, 13)) as month) m
      left join inflation i
        on i.year * 12 + i.month > ${int(y1)} * 12 + m.month and i.year * 12 + i.month <= ${
    int(y2)
  } * 12 + m.month
     group by m.month)`;
}

export interface Comparison {
  /** The period reported (year y2) and the one it is compared with (the same calendar days of y1). */
  act: Span;
  cmp: Span;
  y1: number;
  y2: number;
  inflation: boolean;
  sss: boolean;
  mall: number;
}

/**
 * CTE `sd`: the daily rows of the two periods, `is_act` telling which. One range scan per period, so DuckDB
 * skips the row groups of other days (an OR of two ranges would scan every loaded day). A day in both periods
 * (the same year compared with itself) comes twice, once for each.
 */
export function periodRowsCte(act: Span, cmp: Span): string {
  return `sd as (
    select contract_id, day, amount_cents, true as is_act from sales_daily where ${between("day", act)}
    union all
    select contract_id, day, amount_cents, false from sales_daily where ${between("day", cmp)})`;
}

/**
 * CTEs `infl`, `sd`, `base` and `pc`: per contract of the mall, sales of both periods (the comparison one
 * adjusted for inflation when asked), whether it had closings in each, and its area counted where it had
 * sales. With SSS only contracts with closings in both periods stay.
 */
export function comparisonCtes(c: Comparison): string {
  return `${inflationCte(c.inflation, c.y1, c.y2)},
  ${periodRowsCte(c.act, c.cmp)},
  base as (
    select s.contract_id,
           sum(case when s.is_act then s.amount_cents end) / 100.0 as act,
           sum(case when not s.is_act then s.amount_cents * f.factor end) / 100.0 as cmp,
           bool_or(s.is_act) as in_act,
           bool_or(not s.is_act) as in_cmp
      from sd s join infl f on f.month = month(s.day)
     group by s.contract_id),
  pc as (
    select k.id as contract_id, k.mall_id, k.category_id, k.code, k.denominacion, k.area,
           coalesce(b.act, 0) as act, coalesce(b.cmp, 0) as cmp,
           case when b.act > 0 then k.area else 0 end as area_act,
           case when b.cmp > 0 then k.area else 0 end as area_cmp
      from base b join contracts k on k.id = b.contract_id
     where ${mallFilter("k.mall_id", c.mall)} ${c.sss ? "and b.in_act and b.in_cmp" : ""})`;
}

/** The compared figures of a group of `pc` rows, in money and per m2, with their differences. */
export const COMPARED = `
  sum(act)::double as act, sum(cmp)::double as cmp,
  (sum(act) - sum(cmp))::double as diff,
  ((sum(act) - sum(cmp)) / nullif(sum(cmp), 0) * 100)::double as pct,
  sum(area_act)::double as area_act, sum(area_cmp)::double as area_cmp,
  (sum(act) / nullif(sum(area_act), 0))::double as act_m2,
  (sum(cmp) / nullif(sum(area_cmp), 0))::double as cmp_m2,
  (sum(act) / nullif(sum(area_act), 0) - sum(cmp) / nullif(sum(area_cmp), 0))::double as diff_m2,
  ((sum(act) / nullif(sum(area_act), 0)) / nullif(sum(cmp) / nullif(sum(area_cmp), 0), 0) * 100 - 100)::double
    as pct_m2`;

/** A month of a year-over-year curve: its days in the report year (null: not reported yet) and in the other. */
export interface CurveMonth {
  act: Span | null;
  cmp: Span;
}

const NO_DAYS: Span = { start: "1900-01-02", end: "1900-01-01" };

/**
 * Per month 1 to 12 (`mes`), the sales of its `act` days as column `names[0]` (null where act is null) and of
 * its `cmp` days as `names[1]`, summed from `daily`: a query of (day, amount) over both years' days.
 */
export function monthCurveSql(months: readonly CurveMonth[], daily: string, names: [string, string]): string {
  const rows = months.map((m, i) => {
    const a = m.act ?? NO_DAYS;
    return `(${int(i + 1)}, ${date(a.start)}, ${date(a.end)}, ${m.act !== null}, ${date(m.cmp.start)}, ${
      date(m.cmp.end)
    })`;
  });
  return `with
  spans(mes, a0, a1, has_act, b0, b1) as (values ${rows.join(", ")}),
  daily as (${daily})
  select s.mes,
         case when s.has_act then coalesce(sum(case when d.day between s.a0 and s.a1 then d.amount end), 0) end::double
           as ${names[0]},
         coalesce(sum(case when d.day between s.b0 and s.b1 then d.amount end), 0)::double as ${names[1]}
    from spans s left join daily d on d.day between s.a0 and s.a1 or d.day between s.b0 and s.b1
   group by s.mes, s.has_act order by s.mes`;
}
