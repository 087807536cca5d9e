// Ventas Presupuesto (/Reportes/VentaconContrato): per contract of a mall, the report month's sales (to
// yesterday while it runs) and those of the same calendar days of the comparison year, each year's budget of
// the month, the difference of sales and budget and the fulfilment % (docs/metrics.md, Ventas Presupuesto).
// With 'Inflación' the comparison year's amounts (sales and budget) are brought to the report year.

import { partitionKey, salesPartitions, yearPartitions } from "#contract/extracts.ts";
import { statement } from "../../analytics/connector.ts";
import { addDays, iso, monthTo, sameDaysIn, type Span } from "../shared/dates.ts";
import { date, inflationCte, int, mallFilter, periodRowsCte } from "../shared/sql.ts";

export interface VpFilters {
  /** 0: 'Todas'. */
  mall: number;
  inflation: boolean;
  year: number;
  month: number;
  /** Comparison year. */
  comparisonYear: number;
}

export interface VpPeriod {
  act: Span;
  cmp: Span;
}

/** The report month to yesterday (whole when past) and the same calendar days of the comparison year. */
export function vpPeriod(f: VpFilters, today: string): VpPeriod {
  const act = monthTo(f.year, f.month, addDays(today, -1));
  return { act, cmp: sameDaysIn(act, f.comparisonYear) };
}

export function vpPartitions(mallIds: readonly number[], f: VpFilters): string[] {
  const years = [...new Set([f.year, f.comparisonYear])];
  return [
    ...salesPartitions(mallIds, years),
    ...yearPartitions("budgets", years),
    ...(["contracts", "inflation", "malls"] as const).map((x) => partitionKey(x)),
  ];
}

/**
 * A contract (is_total 0), the totals of the soles contracts (1) and of the dollar ones (2, when any): amounts
 * of different currencies are never summed.
 */
export interface VpRow {
  is_total: number;
  contrato: string;
  denominacion: string;
  moneda: string;
  venta_act: number | null;
  venta_cmp: number | null;
  presupuesto_act: number | null;
  presupuesto_cmp: number | null;
  diferencia: number | null;
  porcentaje: number | null;
}

const FIGURES = `
  sum(act)::double as venta_act, sum(cmp)::double as venta_cmp,
  sum(bud_act)::double as presupuesto_act, sum(bud_cmp)::double as presupuesto_cmp,
  (sum(act) - sum(bud_act))::double as diferencia,
  (sum(act) / nullif(sum(bud_act), 0) * 100)::double as porcentaje`;

/** Every contract of the mall with sales in either period or a budget in either month, then the totals. */
export function presupuestoSql(f: VpFilters, p: VpPeriod) {
  const m2 = date(iso(f.year, f.month, 1)), m1 = date(iso(f.comparisonYear, f.month, 1));
  return statement<VpRow>(`with ${inflationCte(f.inflation, f.comparisonYear, f.year)},
  ${periodRowsCte(p.act, p.cmp)},
  s as (
    select sd.contract_id,
           sum(case when is_act then amount_cents end) / 100.0 as act,
           sum(case when not is_act then amount_cents * i.factor end) / 100.0 as cmp
      from sd join infl i on i.month = month(sd.day) group by sd.contract_id),
  b as (
    select contract_id,
           sum(case when month = ${m2} then amount end) as bud_act,
           sum(case when month = ${m1} then amount * (select factor from infl where month = ${
    int(f.month)
  }) end)
             as bud_cmp
      from budgets where month in (${m2}, ${m1}) group by contract_id),
  pcv as (
    select k.code, k.denominacion, coalesce(k.currency, 'PEN') as currency,
           coalesce(s.act, 0) as act, coalesce(s.cmp, 0) as cmp,
           coalesce(b.bud_act, 0) as bud_act, coalesce(b.bud_cmp, 0) as bud_cmp
      from contracts k
      left join s on s.contract_id = k.id
      left join b on b.contract_id = k.id
     where ${mallFilter("k.mall_id", f.mall)} and (s.contract_id is not null or b.contract_id is not null))
  select 0 as is_total, code as contrato, denominacion, currency as moneda, ${FIGURES}
    from pcv group by code, denominacion, currency
  union all
  select case when currency = 'PEN' then 1 else 2 end, case when currency = 'PEN' then 'Total S/' else 'Total $' end,
         '', currency, ${FIGURES}
    from pcv group by currency
  order by is_total, contrato`);
}

/** A contract's daily closings of both periods (the drill-down of a row's figure). */
export interface VpDayRow {
  dia: string;
  anio: number;
  monto: number;
  transacciones: number;
}

export function closingsSql(p: VpPeriod, contract: string) {
  if (!/^[A-Za-z0-9-]+$/.test(contract)) {
    throw new Error(`Cannot read closings: bad contract code ${contract}`);
  }
  return closingsStatement(p, contract);
}

function closingsStatement(p: VpPeriod, contract: string) {
  return statement<VpDayRow>(`
  select d.day::varchar as dia, year(d.day)::int as anio, (d.amount_cents / 100.0)::double as monto,
         d.transactions::int as transacciones
    from sales_daily d join contracts k on k.id = d.contract_id
   where k.code = '${contract}'
     and (d.day between ${date(p.act.start)} and ${date(p.act.end)} or d.day between ${
    date(p.cmp.start)
  } and ${date(p.cmp.end)})
   order by d.day desc`);
}
