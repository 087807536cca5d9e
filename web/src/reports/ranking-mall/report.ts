// Ranking de Ventas por Mall (/Reportes/RankingVentasPorMall): the contracts of a mall ranked by sales, sales
// per m2, transactions (tickets) and fulfilment over a date range of one year, against the same calendar days
// of the comparison year, with the change of the sales rank (docs/metrics.md, Rankings).

import { partitionKey, salesPartitions } from "../../../../contract/extracts.ts";
import { shaped } from "../../analytics/connector.ts";
import { dayNumber, type LocalData } from "../../analytics/local.ts";
import { daysInMonth, parts, sameDaysIn, type Span } from "../shared/dates.ts";
import { contractsById, inflationFactors, sumBy } from "../shared/local.ts";
import { date, inflationCte, int, salesRowsSql } from "../shared/sql.ts";
import { nullsLast, percentOf, rankBy, ratioOf } from "../shared/sums.ts";

export interface RankingFilters {
  mall: number;
  inflation: boolean;
  /** The range reported (one year, y2) and the comparison year y1. */
  act: Span;
  y1: number;
}

export const y2Of = (f: RankingFilters) => Number(f.act.start.slice(0, 4));
export const cmpSpan = (f: RankingFilters): Span => sameDaysIn(f.act, f.y1);

/** The mall's sales of both years, the budgets of both years and the dimensions. */
export function rankingPartitions(mall: number, y2: number, y1: number): string[] {
  return [
    ...salesPartitions([mall], [...new Set([y2, y1])]),
    ...[...new Set([y2, y1])].map((y) => partitionKey("budgets", y)),
    partitionKey("contracts"),
    partitionKey("inflation"),
  ];
}

/** A contract's figures; ranks empty where it did not sell in that year. The totals row has is_total 1. */
export interface RankingRow {
  is_total: number;
  contract_id: number;
  code: string;
  denominacion: string;
  area: number | null;
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

/**
 * The budget of exactly the span's days per contract: each month's budget times the share of its days inside
 * the span (docs/metrics.md).
 */
export function spanBudgetSql(s: Span): string {
  return `select contract_id,
         sum(amount * (datediff('day', greatest(month, ${date(s.start)}),
                                least(last_day(month), ${date(s.end)})) + 1)
                    / day(last_day(month)))::double as budget
    from budgets
   where month between date_trunc('month', ${date(s.start)}) and ${date(s.end)}
   group by contract_id`;
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

/** The contracts' ranks and rank change, in the table's order (by this year's rank, then the other's, code). */
function withRanks(rows: FigureRow[]): RankingRow[] {
  const body = rows.filter((r) => !r.is_total);
  const rank: Record<Rank, (r: FigureRow) => number | null> = {
    rank_venta_act: rankBy(body, (r) => r.sold_act, (r) => r.venta_act),
    rank_venta_cmp: rankBy(body, (r) => r.sold_cmp, (r) => r.venta_cmp),
    rank_m2_act: rankBy(body, (r) => r.sold_act && r.m2_act !== null, (r) => r.m2_act),
    rank_m2_cmp: rankBy(body, (r) => r.sold_cmp && r.m2_cmp !== null, (r) => r.m2_cmp),
    rank_tx_act: rankBy(body, (r) => r.sold_act, (r) => r.tx_act),
    rank_tx_cmp: rankBy(body, (r) => r.sold_cmp, (r) => r.tx_cmp),
    rank_cumpl_act: rankBy(body, (r) => r.sold_act && r.cumpl_act !== null, (r) => r.cumpl_act),
    rank_cumpl_cmp: rankBy(body, (r) => r.sold_cmp && r.cumpl_cmp !== null, (r) => r.cumpl_cmp),
  };
  return rows.map((f): RankingRow => {
    const { sold_act: _act, sold_cmp: _cmp, ...r } = f;
    const of = (k: Rank) => (f.is_total ? null : rank[k](f));
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

/** spanBudgetSql over the named budgets' rows: per contract, each month's budget times its share of days. */
function spanBudgetLocal(s: Span, d: LocalData): Map<number, number> {
  const out = new Map<number, number>();
  const [ys, ms] = parts(s.start);
  const first = Date.UTC(ys, ms - 1, 1) / 86_400_000, start = dayNumber(s.start), end = dayNumber(s.end);
  for (const b of d.rows("budgets")) {
    const month = b.month as number;
    if (month < first || month > end || b.amount === null) continue;
    const m = new Date(month * 86_400_000), days = daysInMonth(m.getUTCFullYear(), m.getUTCMonth() + 1);
    const inside = Math.min(month + days - 1, end) - Math.max(month, start) + 1;
    const id = b.contract_id as number;
    out.set(id, (out.get(id) ?? 0) + (b.amount as number) * inside / days);
  }
  return out;
}

/** rankingSql's figure rows computed over the loaded partitions' columns (no DuckDB). */
function rankingLocal(f: RankingFilters, d: LocalData): FigureRow[] {
  const cmp = cmpSpan(f), factors = inflationFactors(d, f.inflation, f.y1, y2Of(f));
  const a = d.sums(f.act.start, f.act.end), c = d.sums(cmp.start, cmp.end, (m) => factors[m]);
  const ba = spanBudgetLocal(f.act, d), bc = spanBudgetLocal(cmp, d);
  const fig: (FigureRow & Record<`${"area" | "raw" | "bud"}_${"act" | "cmp"}`, number | null>)[] = [];
  for (const k of contractsById(d).values()) {
    const sa = a.get(k.id), sc = c.get(k.id);
    if (k.mall_id !== f.mall || (!sa && !sc)) continue;
    const ventaAct = sa ? sa.cents / 100 : null, ventaCmp = sc ? sc.cents / 100 : null;
    const areaAct = ventaAct !== null && ventaAct > 0 ? k.area : null;
    const areaCmp = ventaCmp !== null && ventaCmp > 0 ? k.area : null;
    const rawAct = sa ? sa.raw / 100 : null, rawCmp = sc ? sc.raw / 100 : null;
    const budAct = ba.get(k.id) ?? null, budCmp = bc.get(k.id) ?? null;
    fig.push({
      is_total: 0,
      contract_id: k.id,
      code: k.code,
      denominacion: k.denominacion as string,
      area: k.area,
      sold_act: (ventaAct ?? 0) > 0,
      sold_cmp: (ventaCmp ?? 0) > 0,
      venta_act: ventaAct,
      venta_cmp: ventaCmp,
      // A local without area (0) has no figure per m2 and no rank by it (docs/decisions.md).
      m2_act: ratioOf(ventaAct, areaAct),
      m2_cmp: ratioOf(ventaCmp, areaCmp),
      tx_act: sa ? sa.tx : null,
      tx_cmp: sc ? sc.tx : null,
      cumpl_act: percentOf(rawAct, budAct),
      cumpl_cmp: percentOf(rawCmp, budCmp),
      area_act: areaAct,
      area_cmp: areaCmp,
      raw_act: rawAct,
      raw_cmp: rawCmp,
      bud_act: budAct,
      bud_cmp: budCmp,
    });
  }
  const sum = (get: (r: (typeof fig)[number]) => number | null) => sumBy(fig, get);
  const rows: FigureRow[] = fig.map((
    { area_act: _a, area_cmp: _c, raw_act: _r, raw_cmp: _s, bud_act: _b, bud_cmp: _d, ...r },
  ) => r);
  rows.push({
    is_total: 1,
    contract_id: 0,
    code: "Total",
    denominacion: "",
    area: sum((r) => r.area_act),
    sold_act: false,
    sold_cmp: false,
    venta_act: sum((r) => r.venta_act),
    venta_cmp: sum((r) => r.venta_cmp),
    m2_act: ratioOf(sum((r) => r.venta_act), sum((r) => r.area_act)),
    m2_cmp: ratioOf(sum((r) => r.venta_cmp), sum((r) => r.area_cmp)),
    tx_act: sum((r) => r.tx_act),
    tx_cmp: sum((r) => r.tx_cmp),
    cumpl_act: percentOf(sum((r) => r.raw_act), sum((r) => r.bud_act)),
    cumpl_cmp: percentOf(sum((r) => r.raw_cmp), sum((r) => r.bud_cmp)),
  });
  return rows;
}

/** The mall's contracts that sold in either period with their figures (ranked in withRanks), then the total. */
export function rankingSql(f: RankingFilters) {
  const cmp = cmpSpan(f), y2 = y2Of(f);
  return shaped<FigureRow, RankingRow>(
    `with
  ${inflationCte(f.inflation, f.y1, y2)},
  s as (
    select contract_id, true as is_act, sum(amount_cents) / 100.0 as venta, sum(amount_cents) / 100.0 as raw,
           sum(transactions) as tx
      from (${salesRowsSql(f.act)}) group by contract_id
    union all
    select r.contract_id, false, sum(r.amount_cents * i.factor) / 100.0, sum(r.amount_cents) / 100.0,
           sum(r.transactions)
      from (${salesRowsSql(cmp)}) r join infl i on i.month = month(r.day) group by r.contract_id),
  ba as (${spanBudgetSql(f.act)}),
  bc as (${spanBudgetSql(cmp)}),
  pc as (
    select k.id as contract_id, k.code, k.denominacion, k.area,
           a.venta as venta_act, c.venta as venta_cmp, a.tx as tx_act, c.tx as tx_cmp,
           coalesce(a.venta, 0) > 0 as sold_act, coalesce(c.venta, 0) > 0 as sold_cmp,
           case when a.venta > 0 then k.area end as area_act, case when c.venta > 0 then k.area end as area_cmp,
           a.raw as raw_act, c.raw as raw_cmp, ba.budget as bud_act, bc.budget as bud_cmp
      from contracts k
      left join (select * from s where is_act) a on a.contract_id = k.id
      left join (select * from s where not is_act) c on c.contract_id = k.id
      left join ba on ba.contract_id = k.id
      left join bc on bc.contract_id = k.id
     where k.mall_id = ${int(f.mall)} and (a.contract_id is not null or c.contract_id is not null)),
  fig as (
    select *, venta_act / nullif(area_act, 0) as m2_act, venta_cmp / nullif(area_cmp, 0) as m2_cmp,
           raw_act / nullif(bud_act, 0) * 100 as cumpl_act, raw_cmp / nullif(bud_cmp, 0) * 100 as cumpl_cmp
      from pc)
  select 0 as is_total, contract_id, code, denominacion, area::double as area, sold_act, sold_cmp,
         venta_act::double as venta_act, venta_cmp::double as venta_cmp,
         m2_act::double as m2_act, m2_cmp::double as m2_cmp,
         tx_act::double as tx_act, tx_cmp::double as tx_cmp,
         cumpl_act::double as cumpl_act, cumpl_cmp::double as cumpl_cmp
    from fig
  union all
  select 1, 0, 'Total', '', sum(area_act)::double, false, false,
         sum(venta_act)::double, sum(venta_cmp)::double,
         (sum(venta_act) / nullif(sum(area_act), 0))::double, (sum(venta_cmp) / nullif(sum(area_cmp), 0))::double,
         sum(tx_act)::double, sum(tx_cmp)::double,
         (sum(raw_act) / nullif(sum(bud_act), 0) * 100)::double, (sum(raw_cmp) / nullif(sum(bud_cmp), 0) * 100)::double
    from fig`,
    withRanks,
    (d) => rankingLocal(f, d),
  );
}
