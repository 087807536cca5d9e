// Ventas m2 por Locatario (/Reportes/VentasM2xLocatario): per tenant contract of a mall (or all malls), its
// area, its sales of a date range within one year and the sales per m2 (docs/metrics.md). Dollar contracts are
// listed apart, with their own totals: soles and dollars are never added.

import { partitionKey, salesPartitions } from "../../../../contract/extracts.ts";
import { statement, withLocal } from "../../analytics/connector.ts";
import type { LocalData } from "../../analytics/local.ts";
import type { Span } from "../shared/dates.ts";
import { addTo, contractsById, sumBy } from "../shared/local.ts";
import { between, int, mallFilter, salesRowsSql } from "../shared/sql.ts";
import { nullsLast, ratioOf, sumOf } from "../shared/sums.ts";

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
  return withLocal(tenantsStatement(span, mall), (d) => tenantsLocal(span, mall, d));
}

function tenantsStatement(span: Span, mall: number) {
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

/** tenantsStatement's rows computed over the loaded partitions' columns (no DuckDB). */
function tenantsLocal(span: Span, mall: number, d: LocalData): TenantRow[] {
  const malls = new Map(d.rows("malls").map((m) => [m.id as number, m]));
  const contracts = contractsById(d);
  type Pc = TenantRow & { area_sold: number | null };
  const rows: Pc[] = [];
  for (const [id, s] of d.sums(span.start, span.end)) {
    const k = contracts.get(id), m = k && malls.get(k.mall_id);
    if (!k || !m || (mall !== 0 && k.mall_id !== mall)) continue;
    const ventas = s.raw / 100;
    rows.push({
      is_total: 0,
      contract_id: id,
      moneda: k.currency as string,
      mall: m.name as string,
      contrato: k.code,
      denominacion: k.denominacion as string,
      rubro: k.cebe_name as string,
      area: k.area,
      ventas,
      transacciones: s.tx,
      venta_m2: ratioOf(ventas, k.area),
      area_sold: s.raw > 0 ? k.area : 0,
    });
  }
  const totals = new Map<string, Pc[]>();
  for (const r of rows) addTo(totals, r.moneda, r);
  const out: TenantRow[] = rows.map(({ area_sold: _, ...r }) => r);
  for (const [moneda, g] of totals) {
    const area = sumBy(g, (r) => r.area_sold), ventas = g.map((r) => r.ventas).reduce(sumOf, null);
    out.push({
      is_total: 1,
      contract_id: 0,
      moneda,
      mall: "",
      contrato: "Total",
      denominacion: "",
      rubro: "",
      area,
      ventas: ventas as number,
      transacciones: g.reduce((n, r) => n + r.transacciones, 0),
      venta_m2: ratioOf(ventas, area),
    });
  }
  return out.sort((a, b) =>
    a.is_total - b.is_total || nullsLast(a.moneda, b.moneda) || nullsLast(a.contrato, b.contrato)
  );
}

/** The drill-down of a contract: its sales per day of the span (all supply points summed). */
export interface DayRow {
  fecha: string;
  ventas: number;
  transacciones: number;
}

export function contractDaysSql(span: Span, contractId: number) {
  return withLocal(contractDaysStatement(span, contractId), (d) => {
    const rows: (DayRow & { day: number })[] = [];
    d.eachDay(span.start, span.end, (k, day, cents, _month, tx) => {
      if (k === contractId) {
        rows.push({
          day,
          fecha: new Date(day * 86_400_000).toISOString().slice(0, 10),
          ventas: cents / 100,
          transacciones: tx,
        });
      }
    });
    return rows.sort((a, b) => a.day - b.day).map(({ day: _, ...r }) => r);
  });
}

function contractDaysStatement(span: Span, contractId: number) {
  return statement<DayRow>(
    `select strftime(day, '%Y-%m-%d') as fecha, (amount_cents / 100.0)::double as ventas, transactions::bigint as transacciones
       from sales_daily where contract_id = ${int(contractId)} and ${between("day", span)} order by day`,
  );
}
