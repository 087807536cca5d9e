// Diario Comparativo (/Reportes/DiarioComparativoVentas): per CeBe of a mall, a date range of one year
// against the same calendar days of the comparison year: sales of both years, sales fulfilment %, area of
// both years, sales per m2 of both years and the fulfilment % per m2; the totals row from the sums. With
// 'Inflación' the comparison year's amounts are brought to the report year; with 'SSS' only the contracts
// with closings in both periods count (docs/metrics.md).

import { partitionKey, salesPartitions } from "#contract/extracts.ts";
import { statement } from "../../analytics/connector.ts";
import { sameDaysIn, type Span } from "../shared/dates.ts";
import { type Comparison, comparisonCtes } from "../shared/sql.ts";

export interface DcFilters {
  /** 0: 'Todas'. */
  mall: number;
  inflation: boolean;
  sss: boolean;
  /** Within one calendar year (the report year). */
  range: Span;
  /** Comparison year. */
  comparisonYear: number;
}

export const reportYear = (f: DcFilters) => Number(f.range.start.slice(0, 4));

export function dcPartitions(mallIds: readonly number[], f: DcFilters): string[] {
  return [
    ...salesPartitions(mallIds, [...new Set([reportYear(f), f.comparisonYear])]),
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
  ventas_act: number | null;
  ventas_cmp: number | null;
  cumplimiento_ventas: number | null;
  superf_vta_act: number | null;
  superf_vta_cmp: number | null;
  vta_m2_act: number | null;
  vta_m2_cmp: number | null;
  cumplimiento_ventas_m2: number | null;
}

/** A contract behind a row (drill-down). */
export interface DcContractRow {
  contrato: string;
  /** Null, with categoria, on the totals row. */
  denominacion: string | null;
  categoria: string | null;
  moneda: string;
  ventas_act: number | null;
  ventas_cmp: number | null;
  superf_vta_act: number | null;
  superf_vta_cmp: number | null;
}

const FIGURES = `
  sum(act)::double as ventas_act, sum(cmp)::double as ventas_cmp,
  (sum(act) / nullif(sum(cmp), 0) * 100)::double as cumplimiento_ventas,
  sum(area_act)::double as superf_vta_act, sum(area_cmp)::double as superf_vta_cmp,
  (sum(act) / nullif(sum(area_act), 0))::double as vta_m2_act,
  (sum(cmp) / nullif(sum(area_cmp), 0))::double as vta_m2_cmp,
  ((sum(act) / nullif(sum(area_act), 0)) / nullif(sum(cmp) / nullif(sum(area_cmp), 0), 0) * 100)::double
    as cumplimiento_ventas_m2`;

const comparison = (f: DcFilters): Comparison => ({
  act: f.range,
  cmp: sameDaysIn(f.range, f.comparisonYear),
  comparisonYear: f.comparisonYear,
  year: reportYear(f),
  inflation: f.inflation,
  sss: f.sss,
  mall: f.mall,
});

/**
 * The CeBe rows (by name), then the totals of each currency, in one pass over the contracts' figures (a
 * grouping set per level, where a union read them twice); rows of a CeBe without sales in either period are
 * left out.
 */
export function diarioSql(f: DcFilters) {
  return statement<DcRow>(`with ${comparisonCtes(comparison(f))}
  select case when grouping(cebe_code) = 0 then 0 when currency = 'PEN' then 1 else 2 end as is_total,
         cebe_code,
         case when grouping(cebe_code) = 0 then cebe_name || case when currency = 'USD' then ' ($)' else '' end
              when currency = 'PEN' then 'Total' else 'Total $' end as categoria,
         currency as moneda, ${FIGURES}
    from pc group by grouping sets ((cebe_code, cebe_name, currency), (currency))
  order by is_total, categoria`);
}

export function contractsSql(f: DcFilters, cebe: string | null, currency: string) {
  if (cebe !== null && !/^[A-Za-z0-9-]+$/.test(cebe)) {
    throw new Error(`Cannot filter by CeBe: bad code ${cebe}`);
  }
  return contractsStatement(f, cebe, currency);
}

function contractsStatement(f: DcFilters, cebe: string | null, currency: string) {
  return statement<DcContractRow>(`with ${comparisonCtes(comparison(f))}
  select code as contrato, denominacion, cebe_name as categoria, currency as moneda,
         act::double as ventas_act, cmp::double as ventas_cmp,
         area_act::double as superf_vta_act, area_cmp::double as superf_vta_cmp
    from pc
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
  return contractsTotalStatement(f, cebe, usd);
}

function contractsTotalStatement(f: DcFilters, cebe: string | null, usd: boolean) {
  return statement<DcContractRow>(`with ${comparisonCtes(comparison(f))}
  select '${
    usd ? "Total $" : "Total"
  }' as contrato, null::varchar as denominacion, null::varchar as categoria,
         '${usd ? "USD" : "PEN"}' as moneda, sum(act)::double as ventas_act, sum(cmp)::double as ventas_cmp,
         sum(area_act)::double as superf_vta_act, sum(area_cmp)::double as superf_vta_cmp
    from pc
   where currency = '${usd ? "USD" : "PEN"}' ${cebe ? `and cebe_code = '${cebe}'` : ""}
  having count(*) > 0`);
}
