// Ventas m2 por Locatario (/Reportes/VentasM2xLocatario): per tenant contract of a mall (or all malls), its
// area, its sales of a date range within one year and the sales per m2 (docs/metrics.md). Dollar contracts are
// listed apart, with their own totals: soles and dollars are never added.

import { partitionKey, salesPartitions } from "#contract/extracts.ts";
import { statement } from "../../analytics/connector.ts";
import type { Span } from "../shared/dates.ts";
import { between, int, mallFilter, salesRowsSql } from "../shared/sql.ts";

export function m2Partitions(mallIds: readonly number[], year: number): string[] {
  return [...salesPartitions(mallIds, [year]), partitionKey("contracts"), partitionKey("malls")];
}

/** A contract's figures, or a currency's totals (is_total 1, contrato 'Total'). */
export interface TenantRow {
  is_total: number;
  contract_id: number;
  moneda: string;
  mall: string;
  contrato: string;
  denominacion: string;
  rubro: string;
  area: number | null;
  ventas: number;
  transacciones: number;
  venta_m2: number | null;
}

/**
 * Per contract with a closing in the span (a row, whatever its amount): its whole area (not prorated when it
 * opened inside the span), sales, transactions and sales / area; per currency a totals row: summed sales over
 * the summed area of the contracts that sold (amount > 0).
 */
export function tenantsSql(span: Span, mall: number) {
  return statement<TenantRow>(`with
  s as (select contract_id, sum(amount_cents) as cents, sum(transactions) as tx
          from (${salesRowsSql(span)}) group by contract_id),
  pc as (
    select k.id, k.currency, m.name as mall, m.sort, k.code, k.denominacion, k.cebe_name, k.area,
           s.cents / 100.0 as ventas, s.tx, case when s.cents > 0 then k.area else 0 end as area_sold
      from s join contracts k on k.id = s.contract_id join malls m on m.id = k.mall_id
     where ${mallFilter("k.mall_id", mall)})
  select 0 as is_total, id::int as contract_id, currency as moneda, mall, code as contrato, denominacion,
         cebe_name as rubro, area::double as area, ventas::double as ventas, tx::bigint as transacciones,
         (ventas / nullif(area, 0))::double as venta_m2
    from pc
  union all
  select 1, 0, currency, '', 'Total', '', '', sum(area_sold)::double, sum(ventas)::double, sum(tx)::bigint,
         (sum(ventas) / nullif(sum(area_sold), 0))::double
    from pc group by currency
  order by is_total, moneda, contrato`);
}

/** The drill-down of a contract: its sales per day of the span (all supply points summed). */
export interface DayRow {
  fecha: string;
  ventas: number;
  transacciones: number;
}

export function contractDaysSql(span: Span, contractId: number) {
  return statement<DayRow>(
    `select strftime(day, '%Y-%m-%d') as fecha, (amount_cents / 100.0)::double as ventas, transactions::bigint as transacciones
       from sales_daily where contract_id = ${int(contractId)} and ${between("day", span)} order by day`,
  );
}
