// Ranking de Ventas (/Reportes/RankVentas): a mall's contracts (optionally of one CeBe) ranked by the sales of
// a month (Mensual) or of a year with one column per month (Anual), or by the year's sales per m2 (Anual por
// M2) (docs/metrics.md, Rankings).

import { partitionKey, salesPartitions } from "#contract/extracts.ts";
import { statement } from "../../analytics/connector.ts";
import { addDays, monthTo, type Span } from "../shared/dates.ts";
import { totalKindSql, totalLabelSql } from "../shared/money.ts";
import { int, salesRowsSql } from "../shared/sql.ts";

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
  moneda: string;
  venta: number | null;
  transacciones: number | null;
  rubro: string;
  cebe: string;
  comercial: string | null;
}

const scope = (f: RankFilters) => `k.mall_id = ${int(f.mall)} and ${cebeFilter("k.cebe_code", f.cebe)}`;

/**
 * Mensual: the contracts with closings in the month, ranked by sales among those of the same currency (1, 2,
 * 2, 4; no sales: last, unranked), then a totals row per currency (docs/metrics.md, Currency).
 */
export function monthlyRankSql(f: RankFilters, today: string) {
  const span = rankSpan(f, today);
  return statement<MonthlyRankRow>(`with
  s as (select contract_id, sum(amount_cents) / 100.0 as venta, sum(transactions) as tx
          from (${salesRowsSql(span)}) group by contract_id),
  pc as (
    select k.id as contract_id, k.code, k.denominacion, k.objetos, k.area, k.currency as moneda, s.venta, s.tx,
           coalesce(c.name, '') as rubro, k.cebe_code as cebe, k.executive as comercial, s.venta > 0 as sold
      from s join contracts k on k.id = s.contract_id left join categories c on c.id = k.category_id
     where ${scope(f)})
  select 0 as is_total, contract_id,
         (case when sold then rank() over (partition by sold, moneda order by round(venta, 2) desc) end)::int
           as ranking,
         code, denominacion, objetos, area::double as area, moneda, venta::double as venta,
         tx::double as transacciones, rubro, cebe, comercial
    from pc
  union all
  select ${totalKindSql("moneda")}, 0, null, ${totalLabelSql("moneda")}, '', null,
         sum(case when sold then area end)::double, moneda, sum(venta)::double, sum(tx)::double, '', '', null
    from pc group by moneda
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
    moneda: string;
    total: number | null;
  }
  & Record<`m${number}`, number | null>;

/**
 * Per contract of the mall (and CeBe) with closings in the year: sales per month and in the year (per m2: over
 * its area, counted in a month or the year only where it sold), ranked by the total among the contracts of
 * its currency. A totals row per currency divides each month's sales by the area of those that sold in it.
 */
export function yearlyRankSql(f: RankFilters, today: string) {
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
    select k.id as contract_id, k.code, k.denominacion, k.area, k.currency as moneda, s.mes, s.venta
      from s join contracts k on k.id = s.contract_id where ${scope(f)}),
  byc as (
    select contract_id, code, denominacion, moneda, any_value(area) as area,
           ${months.map((m) => monthCol(m, "venta", "area")).join(",\n           ")},
           ${per("sum(venta)", "case when sum(venta) > 0 then any_value(area) end")}::double as total
      from pc group by contract_id, code, denominacion, moneda),
  ya as (select moneda, sum(area) as area
           from (select moneda, any_value(area) as area from pc group by contract_id, moneda having sum(venta) > 0)
          group by moneda),
  tot as (
    select moneda, ${months.map((m) => monthCol(m, "venta", "area")).join(",\n           ")},
           sum(venta) as venta
      from pc group by moneda)
  select 0 as is_total, contract_id,
         (case when total > 0 then rank() over (partition by total > 0, moneda order by round(total, 6) desc) end)::int
           as ranking,
         code, denominacion, area::double as area, moneda, ${months.map((m) => `m${m}`).join(", ")}, total
    from byc
  union all
  select ${totalKindSql("tot.moneda")}, 0, null, ${
    totalLabelSql("tot.moneda")
  }, '', ya.area::double, tot.moneda,
         ${months.map((m) => `tot.m${m}`).join(", ")}, (${per("tot.venta", "ya.area")})::double
    from tot left join ya on ya.moneda = tot.moneda
  order by is_total, ranking nulls last, code`);
}

/** The CeBes of the mall's contracts (the filter's options). */
export function cebesSql(mall: number) {
  return statement<{ code: string; name: string }>(
    `select distinct cebe_code as code, cebe_name as name from contracts where mall_id = ${
      int(mall)
    } order by name, code`,
  );
}
