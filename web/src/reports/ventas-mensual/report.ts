// Ventas Mensual (/indicadoresVentaMensual): the three modes compare a month of the report year with the
// same calendar days of the comparison year, nationally, per mall, per category, per contract and per day.

import { partitionKey, salesPartitions } from "#contract/extracts.ts";
import { statement } from "../../analytics/connector.ts";
import { closedMonth, monthToDate, sameDaysIn, type Span } from "../shared/dates.ts";
import type { Moneda } from "../shared/money.ts";
import type { UsdFigures } from "../shared/usd-note.tsx";
import { COMPARED, type Comparison, comparisonCtes, int, mallFilter } from "../shared/sql.ts";

export type Mode = "ventaMensual" | "ventaMensualM2" | "ventaMensualCerrado";
export const MODES: { value: Mode; label: string }[] = [
  { value: "ventaMensual", label: "Venta Mensual" },
  { value: "ventaMensualM2", label: "Venta Mensual m2" },
  { value: "ventaMensualCerrado", label: "Venta Mensual Mes Cerrado" },
];

export interface Filters {
  mode: Mode;
  /** Comparison year; the report year comes from the mode and today. */
  comparisonYear: number;
  inflation: boolean;
  sss: boolean;
}

export interface MonthPeriod {
  year: number;
  month: number;
  act: Span;
  cmp: Span;
}

/** Month-to-date (to yesterday) for the two open modes, the last complete month for 'Mes Cerrado'. */
export function period(mode: Mode, today: string, comparisonYear: number): MonthPeriod {
  const p = mode === "ventaMensualCerrado" ? closedMonth(today) : monthToDate(today);
  return { year: p.year, month: p.month, act: p.span, cmp: sameDaysIn(p.span, comparisonYear) };
}

/** The partitions the screen's reports read: every mall's sales of both years and the dimensions. */
export function vmPartitions(mallIds: readonly number[], p: MonthPeriod, comparisonYear: number): string[] {
  return [
    ...salesPartitions(mallIds, [p.year, comparisonYear]),
    ...(["contracts", "categories", "inflation", "malls"] as const).map((f) => partitionKey(f)),
  ];
}

/** The compared figures; the m2 view reads each one's `_m2` column. */
export type Figure = "act" | "cmp" | "diff" | "pct";

/**
 * A row of the summary: `tbl` 'mall' (every mall, then the national total) or 'cat' (per category of a mall,
 * `mall_id` 0 for all, then its total); totals have is_total 1.
 */
export type SummaryRow =
  & {
    tbl: "mall" | "cat";
    is_total: number;
    mall_id: number;
    code: string;
    name: string;
    sort: number;
    category_id: number;
    category: string;
    area_act: number | null;
    area_cmp: number | null;
  }
  & Record<Figure | `${Figure}_m2`, number | null>;

/** A contract of the 'Contratos' modal. */
export interface ContractRow {
  contrato: string;
  denominacion: string;
  area_local: number;
  act: number | null;
  cmp: number | null;
}

/** The daily chart: per day of the month, both years (null on a day without sales). */
export interface DailyRow {
  dia: number;
  act: number | null;
  cmp: number | null;
}

/** A category of the chart's select. */
export interface CategoryOption {
  value: number;
  label: string;
}

/** The soles contracts' comparison: the dollar ones are never added to them (usdSql says theirs apart). */
const comparison = (f: Filters, p: MonthPeriod, mall: number, currency: Moneda = "PEN"): Comparison => ({
  act: p.act,
  cmp: p.cmp,
  comparisonYear: f.comparisonYear,
  year: p.year,
  inflation: f.inflation,
  sss: f.sss,
  mall,
  currency,
});

/** The dollar contracts the screen leaves out, all malls: how many, and their sales of both periods ($). */
export function usdSql(f: Filters, p: MonthPeriod) {
  const c = comparison(f, p, 0, "USD");
  return statement<UsdFigures>(`with ${comparisonCtes(c)}
  select count(*)::int as contracts, sum(act)::double as act, sum(cmp)::double as cmp from pc`);
}

const FIGURES = "act, cmp, diff, pct, area_act, area_cmp, act_m2, cmp_m2, diff_m2, pct_m2";
/** The figures of a mall row: amounts and areas 0 rather than empty (the union takes these names). */
const ZEROED = "coalesce(act, 0) as act, coalesce(cmp, 0) as cmp, coalesce(diff, 0) as diff, pct, " +
  "coalesce(area_act, 0) as area_act, coalesce(area_cmp, 0) as area_cmp, act_m2, cmp_m2, diff_m2, pct_m2";

/**
 * Both tables of the screen in one pass over the sales: rows with `tbl` 'mall' (every mall, zeros where
 * nothing was sold, then the national total) and `tbl` 'cat' (per category with sales, then the total) for
 * each mall (`mall_id`) and for all of them (`mall_id` 0). Changing the mall of the category table needs no
 * new query.
 */
export function summarySql(f: Filters, p: MonthPeriod) {
  return statement<SummaryRow>(summaryText(f, p));
}

function summaryText(f: Filters, p: MonthPeriod): string {
  return `with ${comparisonCtes(comparison(f, p, 0))},
  g as (
    select grouping(mall_id) as gm, grouping(category_id) as gc, coalesce(mall_id, 0) as mall_id,
           coalesce(category_id, 0) as category_id, ${COMPARED}
      from pc group by grouping sets ((mall_id), (category_id), (mall_id, category_id), ()))
  select 'mall' as tbl, 0 as is_total, m.id as mall_id, m.code, m.name, m.sort, 0 as category_id,
         '' as category, ${ZEROED}
    from malls m left join (select * from g where gm = 0 and gc = 1) a on a.mall_id = m.id
  union all
  select 'mall', 1, 0, '', 'Total', 999, 0, '', ${ZEROED} from g where gm = 1 and gc = 1
  union all
  select 'cat', 0, g.mall_id, '', '', 0, g.category_id, c.name, ${FIGURES}
    from g join categories c on c.id = g.category_id where gc = 0
  union all
  select 'cat', 1, mall_id, '', '', 999, 0, 'Total', ${FIGURES} from g where gc = 1`;
}

/** One row per mall (every mall, zeros where nothing was sold) and a last row with the national total. */
export const perMallSql = (f: Filters, p: MonthPeriod) =>
  statement<SummaryRow>(`select * from (${summaryText(f, p)}) where tbl = 'mall' order by is_total, sort`);

/** One row per category with sales in either period in the mall (0: all), and the total row. */
export const perCategorySql = (f: Filters, p: MonthPeriod, mall: number) =>
  statement<SummaryRow>(
    `select * from (${summaryText(f, p)}) where tbl = 'cat' and mall_id = ${
      int(mall)
    } order by is_total, category`,
  );

/** The contracts of a category in the mall that had closings in either period (the 'Contratos' modal). */
export function contractsSql(f: Filters, p: MonthPeriod, mall: number, category: number) {
  return statement<ContractRow>(`with ${comparisonCtes(comparison(f, p, mall))}
  select code as contrato, denominacion, area as area_local, act::double as act, cmp::double as cmp
    from pc where category_id = ${int(category)}
   order by code`);
}

/** Daily sales of the month for both years (by day of the month) for a mall and category (0: all). */
export function dailySql(f: Filters, p: MonthPeriod, mall: number, category: number) {
  return statement<DailyRow>(`with ${comparisonCtes(comparison(f, p, mall), true)}
  select dayofmonth(s.day)::int as dia,
         (sum(case when s.is_act then s.amount_cents end) / 100.0)::double as act,
         (sum(case when not s.is_act then s.amount_cents * f.factor end) / 100.0)::double as cmp
    from sd s
    join pc on pc.contract_id = s.contract_id
    join infl f on f.month = month(s.day)
   where ${category === 0 ? "true" : `pc.category_id = ${int(category)}`}
   group by dia order by dia`);
}

/** Categories with contracts in the mall (0: all), for the chart's category select. */
export function categoriesSql(mall: number) {
  return statement<CategoryOption>(`select distinct g.id as value, g.name as label
    from contracts k join categories g on g.id = k.category_id
   where ${mallFilter("k.mall_id", mall)} order by label`);
}

/** The partitions of the chart's category select. */
export const categoryPartitions = [partitionKey("contracts"), partitionKey("categories")];
