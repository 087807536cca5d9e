// Ranking de Ventas (/Reportes/RankVentas): a mall's contracts (optionally of one CeBe) ranked by the sales of
// a month (Mensual) or of a year with one column per month (Anual), or by the year's sales per m2 (Anual por
// M2) (docs/metrics.md, Rankings).

import { partitionKey, salesPartitions } from "../../../../contract/extracts.ts";
import { statement, withLocal } from "../../analytics/connector.ts";
import type { LocalData } from "../../analytics/local.ts";
import { addDays, monthTo, type Span } from "../shared/dates.ts";
import { contractsById, type LocalContract, sumBy } from "../shared/local.ts";
import { int, salesRowsSql } from "../shared/sql.ts";
import { nullsLast, rankBy, ratioOf, sumOf } from "../shared/sums.ts";

export type RankMode = "mensual" | "anual" | "anualM2";

export interface RankFilters {
  mode: RankMode;
  year: number;
  /** Mensual only. */
  month: number;
  mall: number;
  /** A CeBe code, '' for all. */
  cebe: string;
}

export const rankPartitions = (mall: number, year: number): string[] => [
  ...salesPartitions([mall], [year]),
  partitionKey("contracts"),
  partitionKey("categories"),
];

/** The month (to yesterday), or the year to yesterday. */
export function rankSpan(f: RankFilters, today: string): Span {
  const last = addDays(today, -1);
  if (f.mode === "mensual") return monthTo(f.year, f.month, last);
  const end = `${f.year}-12-31`;
  return { start: `${f.year}-01-01`, end: end < last ? end : last };
}

/** The months of the yearly views: January to the month of yesterday in its year, else the whole year. */
export function monthsShown(year: number, today: string): number {
  const last = addDays(today, -1);
  return Number(last.slice(0, 4)) === year
    ? Number(last.slice(5, 7))
    : Number(last.slice(0, 4)) > year
    ? 12
    : 0;
}

/** A CeBe filter value: letters, digits and a few signs only (it goes into the SQL text). */
export function cebeFilter(col: string, cebe: string): string {
  if (cebe === "") return "true";
  if (!/^[A-Za-z0-9 _.-]{1,20}$/.test(cebe)) throw new Error(`Cannot filter by CeBe: invalid code ${cebe}`);
  return `${col} = '${cebe}'`;
}

export interface MonthlyRankRow {
  is_total: number;
  contract_id: number;
  ranking: number | null;
  code: string;
  denominacion: string;
  objetos: string | null;
  area: number | null;
  venta: number | null;
  transacciones: number | null;
  rubro: string;
  cebe: string;
  comercial: string | null;
}

const scope = (f: RankFilters) => `k.mall_id = ${int(f.mall)} and ${cebeFilter("k.cebe_code", f.cebe)}`;

/** The contracts of the mall and CeBe, by id (scope's twin). */
function scopedContracts(f: RankFilters, d: LocalData): Map<number, LocalContract> {
  cebeFilter("", f.cebe);
  return new Map(
    [...contractsById(d)].filter(([, k]) =>
      k.mall_id === f.mall && (f.cebe === "" || k.cebe_code === f.cebe)
    ),
  );
}

/** The head of the totals row of both rankings. */
const TOTAL = { is_total: 1, contract_id: 0, ranking: null, code: "Total", denominacion: "" } as const;

/** The table's order: the totals last, then by rank (unranked last), then by code. */
const byRank = (a: { is_total: number; ranking: number | null; code: string }, b: typeof a) =>
  a.is_total - b.is_total || nullsLast(a.ranking, b.ranking) || nullsLast(a.code, b.code);

/** Mensual: the contracts with closings in the month, ranked by sales (1, 2, 2, 4; no sales: last, unranked). */
export function monthlyRankSql(f: RankFilters, today: string) {
  return withLocal(monthlyRankStatement(f, today), (d) => monthlyRankLocal(f, today, d));
}

function monthlyRankLocal(f: RankFilters, today: string, d: LocalData): MonthlyRankRow[] {
  const span = rankSpan(f, today), contracts = scopedContracts(f, d);
  const categories = new Map(d.rows("categories").map((c) => [c.id as number, c.name as string]));
  const pc: (MonthlyRankRow & { sold: boolean })[] = [];
  for (const [id, s] of d.sums(span.start, span.end)) {
    const k = contracts.get(id);
    if (!k) continue;
    pc.push({
      is_total: 0,
      contract_id: id,
      ranking: null,
      code: k.code,
      denominacion: k.denominacion as string,
      objetos: k.objetos,
      area: k.area,
      venta: s.raw / 100,
      transacciones: s.tx,
      rubro: (k.category_id === null ? undefined : categories.get(k.category_id)) ?? "",
      cebe: k.cebe_code as string,
      comercial: k.executive,
      sold: s.raw > 0,
    });
  }
  const rank = rankBy(pc, (r) => r.sold, (r) => r.venta);
  const rows: MonthlyRankRow[] = pc.map((x) => {
    const { sold: _, ...r } = x;
    return { ...r, ranking: rank(x) };
  });
  rows.push({
    ...TOTAL,
    objetos: null,
    area: sumBy(pc, (r) => (r.sold ? r.area : null)),
    venta: sumBy(pc, (r) => r.venta),
    transacciones: sumBy(pc, (r) => r.transacciones),
    rubro: "",
    cebe: "",
    comercial: null,
  });
  return rows.sort(byRank);
}

function monthlyRankStatement(f: RankFilters, today: string) {
  const span = rankSpan(f, today);
  return statement<MonthlyRankRow>(`with
  s as (select contract_id, sum(amount_cents) / 100.0 as venta, sum(transactions) as tx
          from (${salesRowsSql(span)}) group by contract_id),
  pc as (
    select k.id as contract_id, k.code, k.denominacion, k.objetos, k.area, s.venta, s.tx,
           coalesce(c.name, '') as rubro, k.cebe_code as cebe, k.executive as comercial, s.venta > 0 as sold
      from s join contracts k on k.id = s.contract_id left join categories c on c.id = k.category_id
     where ${scope(f)})
  select 0 as is_total, contract_id,
         (case when sold then rank() over (partition by sold order by round(venta, 2) desc) end)::int as ranking,
         code, denominacion, objetos, area::double as area, venta::double as venta,
         tx::double as transacciones, rubro, cebe, comercial
    from pc
  union all
  select 1, 0, null, 'Total', '', null, sum(case when sold then area end)::double, sum(venta)::double,
         sum(tx)::double, '', '', null
    from pc
  order by is_total, ranking nulls last, code`);
}

/** Anual / Anual por M2: m1 … m12 (null after the months shown or without sales), the total and the rank. */
export type YearlyRankRow =
  & {
    is_total: number;
    contract_id: number;
    ranking: number | null;
    code: string;
    denominacion: string;
    area: number | null;
    total: number | null;
  }
  & Record<`m${number}`, number | null>;

/**
 * Per contract of the mall (and CeBe) with closings in the year: sales per month and in the year (per m2: over
 * its area, counted in a month or the year only where it sold), ranked by the total. The totals row divides
 * each month's sales by the area of the contracts that sold that month.
 */
export function yearlyRankSql(f: RankFilters, today: string) {
  return withLocal(yearlyRankStatement(f, today), (d) => yearlyRankLocal(f, today, d));
}

function yearlyRankLocal(f: RankFilters, today: string, d: LocalData): YearlyRankRow[] {
  const span = rankSpan(f, today), m2 = f.mode === "anualM2", contracts = scopedContracts(f, d);
  const per = (sales: number | null, area: number | null) => (m2 ? ratioOf(sales, area) : sales);
  const months = (of: (m: number) => number | null) =>
    Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`m${i + 1}`, of(i + 1)]));
  // Per month (1 to 12): the sales of the month and the area of the contracts that sold in it.
  const totSales: (number | null)[] = Array(13).fill(null), totArea: (number | null)[] = Array(13).fill(null);
  let totVenta: number | null = null, soldArea: number | null = null;
  const rows: YearlyRankRow[] = [];
  for (const [id, byMonth] of d.byContractMonth(span.start, span.end)) {
    const k = contracts.get(id);
    if (!k) continue;
    const venta: (number | null)[] = Array(13).fill(null);
    let total: number | null = null;
    for (const [ym, cents] of byMonth) {
      const m = (ym % 12) + 1, v = cents / 100;
      venta[m] = v;
      total = sumOf(total, v);
      totSales[m] = sumOf(totSales[m], v);
      if (v > 0) totArea[m] = sumOf(totArea[m], k.area);
    }
    totVenta = sumOf(totVenta, total);
    if (total !== null && total > 0) soldArea = sumOf(soldArea, k.area);
    rows.push({
      is_total: 0,
      contract_id: id,
      ranking: null,
      code: k.code,
      denominacion: k.denominacion as string,
      area: k.area,
      ...months((m) => per(venta[m], venta[m] !== null && venta[m]! > 0 ? k.area : null)),
      total: per(total, total !== null && total > 0 ? k.area : null),
    } as YearlyRankRow);
  }
  const rank = rankBy(rows, (r) => r.total !== null && r.total > 0, (r) => r.total);
  for (const r of rows) r.ranking = rank(r);
  rows.push({
    ...TOTAL,
    area: soldArea,
    ...months((m) => per(totSales[m], totArea[m])),
    total: per(totVenta, soldArea),
  } as YearlyRankRow);
  return rows.sort(byRank);
}

function yearlyRankStatement(f: RankFilters, today: string) {
  const span = rankSpan(f, today), m2 = f.mode === "anualM2";
  const months = Array.from({ length: 12 }, (_, i) => i + 1);
  const per = (sales: string, area: string) => (m2 ? `${sales} / nullif(${area}, 0)` : sales);
  const monthCol = (m: number, sales: string, area: string) =>
    `(${
      per(
        `sum(case when mes = ${m} then ${sales} end)`,
        `sum(case when mes = ${m} and ${sales} > 0 then ${area} end)`,
      )
    })::double as m${m}`;
  return statement<YearlyRankRow>(`with
  s as (select contract_id, month(day) as mes, sum(amount_cents) / 100.0 as venta
          from (${salesRowsSql(span)}) group by contract_id, month(day)),
  pc as (
    select k.id as contract_id, k.code, k.denominacion, k.area, s.mes, s.venta
      from s join contracts k on k.id = s.contract_id where ${scope(f)}),
  byc as (
    select contract_id, code, denominacion, any_value(area) as area,
           ${months.map((m) => monthCol(m, "venta", "area")).join(",\n           ")},
           ${per("sum(venta)", "case when sum(venta) > 0 then any_value(area) end")}::double as total
      from pc group by contract_id, code, denominacion),
  ya as (select sum(area) as area from (select any_value(area) as area from pc group by contract_id having sum(venta) > 0)),
  tot as (
    select ${months.map((m) => monthCol(m, "venta", "area")).join(",\n           ")},
           sum(venta) as venta
      from pc)
  select 0 as is_total, contract_id,
         (case when total > 0 then rank() over (partition by total > 0 order by round(total, 6) desc) end)::int
           as ranking,
         code, denominacion, area::double as area, ${months.map((m) => `m${m}`).join(", ")}, total
    from byc
  union all
  select 1, 0, null, 'Total', '', ya.area::double, ${months.map((m) => `tot.m${m}`).join(", ")},
         (${per("tot.venta", "ya.area")})::double
    from tot, ya
  order by is_total, ranking nulls last, code`);
}

/** The CeBes of the mall's contracts (the filter's options). */
export function cebesSql(mall: number) {
  return withLocal(cebesStatement(mall), (d) => {
    const seen = new Map<string, { code: string; name: string }>();
    for (const k of d.rows("contracts")) {
      if (k.mall_id !== mall) continue;
      const r = { code: k.cebe_code as string, name: k.cebe_name as string };
      seen.set(JSON.stringify([r.code, r.name]), r);
    }
    return [...seen.values()].sort((a, b) => nullsLast(a.name, b.name) || nullsLast(a.code, b.code));
  });
}

function cebesStatement(mall: number) {
  return statement<{ code: string; name: string }>(
    `select distinct cebe_code as code, cebe_name as name from contracts where mall_id = ${
      int(mall)
    } order by name, code`,
  );
}
