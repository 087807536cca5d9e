// Ranking de Ventas por Mall (/Reportes/RankingVentasPorMall): the contracts of a mall ranked by sales, sales
// per m2, transactions (tickets) and fulfilment over a date range of one year, against the same calendar days
// of the comparison year, with the change of the sales rank (docs/metrics.md, Rankings).

import { partitionKey, salesPartitions } from "#contract/extracts.ts";
import { shaped } from "../../analytics/connector.ts";
import { sameDaysIn, type Span } from "../shared/dates.ts";
import { totalKindSql, totalLabelSql } from "../shared/money.ts";
import { date, inflationCte, int, periodRowsSql } from "../shared/sql.ts";
import { nullsLast, rankBy } from "../shared/sums.ts";

export interface RankingFilters {
  mall: number;
  inflation: boolean;
  /** The range reported (one year, y2) and the comparison year. */
  act: Span;
  comparisonYear: number;
}

export const y2Of = (f: RankingFilters) => Number(f.act.start.slice(0, 4));
export const cmpSpan = (f: RankingFilters): Span => sameDaysIn(f.act, f.comparisonYear);

/** The mall's sales of both years, the budgets of both years and the dimensions. */
export function rankingPartitions(mall: number, y2: number, comparisonYear: number): string[] {
  return [
    ...salesPartitions([mall], [...new Set([y2, comparisonYear])]),
    ...[...new Set([y2, comparisonYear])].map((y) => partitionKey("budgets", y)),
    partitionKey("contracts"),
    partitionKey("inflation"),
  ];
}

/**
 * A contract's figures; ranks empty where it did not sell in that year. A totals row per currency (is_total 1
 * soles, 2 dollars).
 */
export interface RankingRow {
  is_total: number;
  contract_id: number;
  code: string;
  denominacion: string;
  area: number | null;
  moneda: string;
  venta_act: number | null;
  venta_cmp: number | null;
  rank_venta_act: number | null;
  rank_venta_cmp: number | null;
  /** The places gained since the comparison year (rank then − rank now); empty unless ranked in both. */
  var_rank: number | null;
  m2_act: number | null;
  m2_cmp: number | null;
  rank_m2_act: number | null;
  rank_m2_cmp: number | null;
  tx_act: number | null;
  tx_cmp: number | null;
  rank_tx_act: number | null;
  rank_tx_cmp: number | null;
  cumpl_act: number | null;
  cumpl_cmp: number | null;
  rank_cumpl_act: number | null;
  rank_cumpl_cmp: number | null;
}

type Rank =
  | "rank_venta_act"
  | "rank_venta_cmp"
  | "rank_m2_act"
  | "rank_m2_cmp"
  | "rank_tx_act"
  | "rank_tx_cmp"
  | "rank_cumpl_act"
  | "rank_cumpl_cmp";

/** DuckDB's rows: a contract's figures, whether it sold in each year, no ranks yet (the total row alike). */
type FigureRow = Omit<RankingRow, Rank | "var_rank"> & { sold_act: boolean; sold_cmp: boolean };

/**
 * The contracts' ranks (among the contracts of the same currency: soles and dollars are never compared) and
 * rank change, in the table's order (by this year's rank, then the other's, code).
 */
function withRanks(rows: FigureRow[]): RankingRow[] {
  const ranks = new Map<string, Record<Rank, (r: FigureRow) => number | null>>();
  for (const moneda of new Set(rows.map((r) => r.moneda))) {
    const body = rows.filter((r) => !r.is_total && r.moneda === moneda);
    ranks.set(moneda, {
      rank_venta_act: rankBy(body, (r) => r.sold_act, (r) => r.venta_act),
      rank_venta_cmp: rankBy(body, (r) => r.sold_cmp, (r) => r.venta_cmp),
      rank_m2_act: rankBy(body, (r) => r.sold_act && r.m2_act !== null, (r) => r.m2_act),
      rank_m2_cmp: rankBy(body, (r) => r.sold_cmp && r.m2_cmp !== null, (r) => r.m2_cmp),
      rank_tx_act: rankBy(body, (r) => r.sold_act, (r) => r.tx_act),
      rank_tx_cmp: rankBy(body, (r) => r.sold_cmp, (r) => r.tx_cmp),
      rank_cumpl_act: rankBy(body, (r) => r.sold_act && r.cumpl_act !== null, (r) => r.cumpl_act),
      rank_cumpl_cmp: rankBy(body, (r) => r.sold_cmp && r.cumpl_cmp !== null, (r) => r.cumpl_cmp),
    });
  }
  return rows.map((f): RankingRow => {
    const { sold_act: _act, sold_cmp: _cmp, ...r } = f;
    const of = (k: Rank) => (f.is_total ? null : ranks.get(f.moneda)![k](f));
    const act = of("rank_venta_act"), cmp = of("rank_venta_cmp");
    return {
      ...r,
      rank_venta_act: act,
      rank_venta_cmp: cmp,
      var_rank: act !== null && cmp !== null ? cmp - act : null,
      rank_m2_act: of("rank_m2_act"),
      rank_m2_cmp: of("rank_m2_cmp"),
      rank_tx_act: of("rank_tx_act"),
      rank_tx_cmp: of("rank_tx_cmp"),
      rank_cumpl_act: of("rank_cumpl_act"),
      rank_cumpl_cmp: of("rank_cumpl_cmp"),
    };
  }).sort((a, b) =>
    a.is_total - b.is_total || nullsLast(a.rank_venta_act, b.rank_venta_act) ||
    nullsLast(a.rank_venta_cmp, b.rank_venta_cmp) || nullsLast(a.code, b.code)
  );
}

/**
 * The budget of exactly each span's days per contract, both spans in one read of the budgets (`bud_act`,
 * `bud_cmp`): each month's budget times the share of its days inside the span (docs/metrics.md).
 */
function spansBudgetSql(act: Span, cmp: Span): string {
  const share = (s: Span) =>
    `case when month between date_trunc('month', ${date(s.start)}) and ${date(s.end)} then
       amount * (datediff('day', greatest(month, ${date(s.start)}), least(last_day(month), ${
      date(s.end)
    })) + 1)
       / day(last_day(month)) end`;
  return `select contract_id, sum(${share(act)})::double as bud_act, sum(${share(cmp)})::double as bud_cmp
    from budgets
   where month between date_trunc('month', ${date(act.start)}) and ${date(act.end)}
      or month between date_trunc('month', ${date(cmp.start)}) and ${date(cmp.end)}
   group by contract_id`;
}

/**
 * The mall's contracts that sold in either period with their figures (ranked in withRanks), then the total
 * of each currency: one aggregate of both periods' sales per contract, and the contracts' rows and totals as
 * grouping sets of one select (a union read them twice).
 */
export function rankingSql(f: RankingFilters) {
  const cmp = cmpSpan(f), y2 = y2Of(f);
  const adjusted = f.inflation && f.comparisonYear < y2;
  const body = "grouping(contract_id) = 0";
  return shaped<FigureRow, RankingRow>(
    `with
  ${inflationCte(f.inflation, f.comparisonYear, y2)},
  r as (
    select contract_id, is_act, month(day) as m, amount_cents, transactions
      from (${periodRowsSql(f.act, cmp)})),
  s as (
    select r.contract_id,
           sum(case when is_act then amount_cents end) / 100.0 as venta_act,
           sum(case when not is_act then amount_cents * ${adjusted ? "i.factor" : "1.0::double"} end) / 100.0
             as venta_cmp,
           sum(case when not is_act then amount_cents end) / 100.0 as raw_cmp,
           sum(case when is_act then transactions end) as tx_act,
           sum(case when not is_act then transactions end) as tx_cmp
      from r ${adjusted ? "join infl i on i.month = r.m" : ""} group by r.contract_id),
  b as (${spansBudgetSql(f.act, cmp)}),
  fig as (
    select k.id as contract_id, k.code, k.denominacion, k.area, k.currency as moneda,
           coalesce(s.venta_act, 0) as venta_act, coalesce(s.venta_cmp, 0) as venta_cmp,
           coalesce(s.tx_act, 0) as tx_act, coalesce(s.tx_cmp, 0) as tx_cmp,
           coalesce(s.venta_act, 0) > 0 as sold_act, coalesce(s.venta_cmp, 0) > 0 as sold_cmp,
           case when s.venta_act > 0 then k.area end as area_act,
           case when s.venta_cmp > 0 then k.area end as area_cmp,
           coalesce(s.venta_act, 0) as raw_act, coalesce(s.raw_cmp, 0) as raw_cmp,
           b.bud_act, b.bud_cmp
      from s join contracts k on k.id = s.contract_id
      left join b on b.contract_id = k.id
     where k.mall_id = ${int(f.mall)})
  select case when ${body} then 0 else ${totalKindSql("moneda")} end as is_total,
         case when ${body} then contract_id else 0 end as contract_id,
         case when ${body} then any_value(code) else ${totalLabelSql("moneda")} end as code,
         case when ${body} then any_value(denominacion) else '' end as denominacion,
         (case when ${body} then any_value(area) else sum(area_act) end)::double as area, moneda,
         ${body} and bool_or(sold_act) as sold_act, ${body} and bool_or(sold_cmp) as sold_cmp,
         sum(venta_act)::double as venta_act, sum(venta_cmp)::double as venta_cmp,
         (sum(venta_act) / nullif(sum(area_act), 0))::double as m2_act,
         (sum(venta_cmp) / nullif(sum(area_cmp), 0))::double as m2_cmp,
         sum(tx_act)::double as tx_act, sum(tx_cmp)::double as tx_cmp,
         (sum(raw_act) / nullif(sum(bud_act), 0) * 100)::double as cumpl_act,
         (sum(raw_cmp) / nullif(sum(bud_cmp), 0) * 100)::double as cumpl_cmp
    from fig group by grouping sets ((contract_id, moneda), (moneda))`,
    withRanks,
  );
}
