// Diario Comparativo (/Reportes/DiarioComparativoVentas): per CeBe of a mall, a date range of one year
// against the same calendar days of the comparison year: sales of both years, sales fulfilment %, area of
// both years, sales per m2 of both years and the fulfilment % per m2; the totals row from the sums. With
// 'Inflación' the comparison year's amounts are brought to the report year; with 'SSS' only the contracts
// with closings in both periods count (docs/metrics.md).

import { partitionKey, salesPartitions } from "../../../../contract/extracts.ts";
import { statement, withLocal } from "../../analytics/connector.ts";
import type { LocalData } from "../../analytics/local.ts";
import { sameDaysIn, type Span } from "../shared/dates.ts";
import { addTo, comparisonLocal, type LocalPc, sumBy } from "../shared/local.ts";
import { type Comparison, comparisonCtes } from "../shared/sql.ts";
import { nullsLast, percentOf, ratioOf } from "../shared/sums.ts";

export interface DcFilters {
  /** 0: 'Todas'. */
  mall: number;
  inflation: boolean;
  sss: boolean;
  /** Within one calendar year (the report year). */
  range: Span;
  /** Comparison year. */
  y1: number;
}

export const reportYear = (f: DcFilters) => Number(f.range.start.slice(0, 4));

export function dcPartitions(mallIds: readonly number[], f: DcFilters): string[] {
  return [
    ...salesPartitions(mallIds, [...new Set([reportYear(f), f.y1])]),
    ...(["contracts", "inflation", "malls"] as const).map((x) => partitionKey(x)),
  ];
}

/**
 * A CeBe's figures in one currency (is_total 0), the totals of the soles contracts (is_total 1) and of the
 * dollar ones (is_total 2, only when there are any): amounts in different currencies are never summed.
 */
export interface DcRow {
  is_total: number;
  cebe_code: string | null;
  categoria: string;
  moneda: string;
  ventas_anio2: number | null;
  ventas_anio1: number | null;
  cumplimiento_ventas: number | null;
  superf_vta_anio2: number | null;
  superf_vta_anio1: number | null;
  vta_m2_anio2: number | null;
  vta_m2_anio1: number | null;
  cumplimiento_ventas_m2: number | null;
}

/** A contract behind a row (drill-down). */
export interface DcContractRow {
  contrato: string;
  /** Null, with categoria, on the totals row. */
  denominacion: string | null;
  categoria: string | null;
  moneda: string;
  ventas_anio2: number | null;
  ventas_anio1: number | null;
  superf_vta_anio2: number | null;
  superf_vta_anio1: number | null;
}

const FIGURES = `
  sum(act)::double as ventas_anio2, sum(cmp)::double as ventas_anio1,
  (sum(act) / nullif(sum(cmp), 0) * 100)::double as cumplimiento_ventas,
  sum(area_act)::double as superf_vta_anio2, sum(area_cmp)::double as superf_vta_anio1,
  (sum(act) / nullif(sum(area_act), 0))::double as vta_m2_anio2,
  (sum(cmp) / nullif(sum(area_cmp), 0))::double as vta_m2_anio1,
  ((sum(act) / nullif(sum(area_act), 0)) / nullif(sum(cmp) / nullif(sum(area_cmp), 0), 0) * 100)::double
    as cumplimiento_ventas_m2`;

const comparison = (f: DcFilters): Comparison => ({
  act: f.range,
  cmp: sameDaysIn(f.range, f.y1),
  y1: f.y1,
  y2: reportYear(f),
  inflation: f.inflation,
  sss: f.sss,
  mall: f.mall,
});

function ctes(f: DcFilters) {
  return `with ${comparisonCtes(comparison(f))},
  pcc as (
    select pc.*, k.cebe_code, k.cebe_name, coalesce(k.currency, 'PEN') as currency
      from pc join contracts k on k.id = pc.contract_id)`;
}

/** FIGURES over a group of `pc` rows. */
function figures(g: readonly LocalPc[]) {
  const act = sumBy(g, (r) => r.act), cmp = sumBy(g, (r) => r.cmp);
  const areaAct = sumBy(g, (r) => r.area_act), areaCmp = sumBy(g, (r) => r.area_cmp);
  const m2Act = ratioOf(act, areaAct), m2Cmp = ratioOf(cmp, areaCmp);
  return {
    ventas_anio2: act,
    ventas_anio1: cmp,
    cumplimiento_ventas: percentOf(act, cmp),
    superf_vta_anio2: areaAct,
    superf_vta_anio1: areaCmp,
    vta_m2_anio2: m2Act,
    vta_m2_anio1: m2Cmp,
    cumplimiento_ventas_m2: percentOf(m2Act, m2Cmp),
  };
}

/** diarioSql's rows computed over the loaded partitions' columns (no DuckDB). */
function diarioLocal(f: DcFilters, d: LocalData): DcRow[] {
  const groups = new Map<string, LocalPc[]>(), totals = new Map<string, LocalPc[]>();
  for (const r of comparisonLocal(comparison(f), d)) {
    const k = r.contract, currency = k.currency ?? "PEN";
    addTo(groups, JSON.stringify([k.cebe_code, k.cebe_name, currency]), r);
    addTo(totals, currency, r);
  }
  const rows: DcRow[] = [...groups].map(([key, g]) => {
    const [cebe_code, cebe_name, moneda] = JSON.parse(key) as [string | null, string | null, string];
    const categoria = cebe_name === null ? null : cebe_name + (moneda === "USD" ? " ($)" : "");
    return { is_total: 0, cebe_code, categoria: categoria as string, moneda, ...figures(g) };
  });
  for (const [moneda, g] of totals) {
    const pen = moneda === "PEN";
    rows.push({
      is_total: pen ? 1 : 2,
      cebe_code: null,
      categoria: pen ? "Total" : "Total $",
      moneda,
      ...figures(g),
    });
  }
  return rows.sort((a, b) => a.is_total - b.is_total || nullsLast(a.categoria, b.categoria));
}

/** The CeBe rows (by name), then the totals; rows of a CeBe without sales in either period are left out. */
export function diarioSql(f: DcFilters) {
  return withLocal(diarioStatement(f), (d) => diarioLocal(f, d));
}

function diarioStatement(f: DcFilters) {
  return statement<DcRow>(`${ctes(f)}
  select 0 as is_total, cebe_code, cebe_name || case when currency = 'USD' then ' ($)' else '' end as categoria,
         currency as moneda, ${FIGURES}
    from pcc group by cebe_code, cebe_name, currency
  union all
  select case when currency = 'PEN' then 1 else 2 end, null,
         case when currency = 'PEN' then 'Total' else 'Total $' end, currency, ${FIGURES}
    from pcc group by currency
  order by is_total, categoria`);
}

/** The contracts behind a CeBe row (its code and currency) or behind a total (cebe null: the currency's). */
/** The `pcc` rows behind a row: one currency ('USD' or else soles), one CeBe or all. */
function behind(f: DcFilters, d: LocalData, cebe: string | null, currency: string) {
  const usd = currency === "USD" ? "USD" : "PEN";
  return comparisonLocal(comparison(f), d).filter((r) =>
    (r.contract.currency ?? "PEN") === usd && (!cebe || r.contract.cebe_code === cebe)
  );
}

export function contractsSql(f: DcFilters, cebe: string | null, currency: string) {
  if (cebe !== null && !/^[A-Za-z0-9-]+$/.test(cebe)) {
    throw new Error(`Cannot filter by CeBe: bad code ${cebe}`);
  }
  return withLocal(contractsStatement(f, cebe, currency), (d) =>
    behind(f, d, cebe, currency)
      .sort((a, b) => b.act - a.act || nullsLast(a.contract.code, b.contract.code))
      .map((r) => ({
        contrato: r.contract.code,
        denominacion: r.contract.denominacion,
        categoria: r.contract.cebe_name,
        moneda: r.contract.currency ?? "PEN",
        ventas_anio2: r.act,
        ventas_anio1: r.cmp,
        superf_vta_anio2: r.area_act,
        superf_vta_anio1: r.area_cmp,
      })));
}

function contractsStatement(f: DcFilters, cebe: string | null, currency: string) {
  return statement<DcContractRow>(`${ctes(f)}
  select code as contrato, denominacion, cebe_name as categoria, currency as moneda,
         act::double as ventas_anio2, cmp::double as ventas_anio1,
         area_act::double as superf_vta_anio2, area_cmp::double as superf_vta_anio1
    from pcc
   where currency = '${currency === "USD" ? "USD" : "PEN"}' ${cebe ? `and cebe_code = '${cebe}'` : ""}
   order by act desc, code`);
}

/**
 * The totals row of the drill-down (issue 11: the same export, totals included): the listed contracts (one
 * currency) summed, 'Total' for soles and 'Total $' for dollars, as in the report's own totals rows.
 */
export function contractsTotalSql(f: DcFilters, cebe: string | null, currency: string) {
  if (cebe !== null && !/^[A-Za-z0-9-]+$/.test(cebe)) {
    throw new Error(`Cannot filter by CeBe: bad code ${cebe}`);
  }
  const usd = currency === "USD";
  return withLocal(contractsTotalStatement(f, cebe, usd), (d) => {
    const rows = behind(f, d, cebe, currency);
    if (rows.length === 0) return [];
    return [{
      contrato: usd ? "Total $" : "Total",
      denominacion: null,
      categoria: null,
      moneda: usd ? "USD" : "PEN",
      ventas_anio2: sumBy(rows, (r) => r.act),
      ventas_anio1: sumBy(rows, (r) => r.cmp),
      superf_vta_anio2: sumBy(rows, (r) => r.area_act),
      superf_vta_anio1: sumBy(rows, (r) => r.area_cmp),
    }];
  });
}

function contractsTotalStatement(f: DcFilters, cebe: string | null, usd: boolean) {
  return statement<DcContractRow>(`${ctes(f)}
  select '${
    usd ? "Total $" : "Total"
  }' as contrato, null::varchar as denominacion, null::varchar as categoria,
         '${
    usd ? "USD" : "PEN"
  }' as moneda, sum(act)::double as ventas_anio2, sum(cmp)::double as ventas_anio1,
         sum(area_act)::double as superf_vta_anio2, sum(area_cmp)::double as superf_vta_anio1
    from pcc
   where currency = '${usd ? "USD" : "PEN"}' ${cebe ? `and cebe_code = '${cebe}'` : ""}
  having count(*) > 0`);
}
