// Reporte General de Ventas (/Reportes/GeneralVentas): every closing (supply point and day) of a date range
// in one year, all malls, with its contract, sale type, registration and modification. The listing is sorted
// and paged (a month of every mall is about 60,000 closings): the page holds 8 rows, the totals come from one
// grouped query, and the export reads the rows in chunks (docs/metrics.md). DuckDB computes every statement.

import { closingPartitions, partitionKey } from "#contract/extracts.ts";
import { statement } from "../../analytics/connector.ts";
import type { Span } from "../shared/dates.ts";
import { between, int } from "../shared/sql.ts";
import { CLOSING_COLUMNS, type ClosingColumn, type ClosingRow } from "./columns.ts";

/** The partitions the listing reads: every mall's closings of the range's year and the dimensions. */
export function gvPartitions(mallIds: readonly number[], year: number): string[] {
  return [...closingPartitions(mallIds, [year]), partitionKey("contracts"), partitionKey("malls")];
}

/** The SQL of each column, and what it sorts by (Hora by the seconds, Periodo by the day). */
const COLUMN_SQL: Record<ClosingColumn, { select: string; sort: string }> = {
  sociedad: { select: "m.sociedad", sort: "m.sociedad" },
  mall: { select: "m.name", sort: "m.sort" },
  contrato: { select: "k.code", sort: "k.code" },
  contrato_antiguo: { select: "k.old_code", sort: "k.old_code" },
  denominacion: { select: "k.denominacion", sort: "lower(strip_accents(k.denominacion))" },
  moneda: { select: "k.currency", sort: "k.currency" },
  cebe: { select: "k.cebe_code", sort: "k.cebe_code" },
  denom_cebe: { select: "k.cebe_name", sort: "lower(strip_accents(k.cebe_name))" },
  tipo_vta: { select: "k.sales_type", sort: "k.sales_type" },
  denom_tipo_vta: { select: "k.sales_type_name", sort: "k.sales_type_name" },
  periodo: { select: "strftime(s.day, '%m/%Y')", sort: "date_trunc('month', s.day)" },
  fecha_vta: { select: "strftime(s.day, '%Y-%m-%d')", sort: "s.day" },
  monto: { select: "(s.amount_cents / 100.0)::double", sort: "s.amount_cents" },
  transacciones: { select: "s.transactions::int", sort: "s.transactions" },
  fecha_registro: { select: "strftime(s.registered_on, '%Y-%m-%d')", sort: "s.registered_on" },
  hora: {
    select: "strftime(TIMESTAMP '2000-01-01' + to_seconds(s.registered_secs), '%H:%M:%S')",
    sort: "s.registered_secs",
  },
  fecha_modificacion: {
    select: "strftime(s.updated_on, '%Y-%m-%d')",
    sort: "s.updated_on + to_seconds(coalesce(s.updated_secs, 0))",
  },
  area: { select: "k.area::double", sort: "k.area" },
};

export const isClosingColumn = (s: unknown): s is ClosingColumn =>
  typeof s === "string" && Object.hasOwn(COLUMN_SQL, s);

const FROM = (span: Span) =>
  `from sales_closings s join contracts k on k.id = s.contract_id
   join malls m on m.id = k.mall_id
  where ${between("s.day", span)}`;

const SELECT = `s.id::int as id, ${CLOSING_COLUMNS.map((c) => `${COLUMN_SQL[c].select} as ${c}`).join(", ")}`;

export interface Sort {
  column: ClosingColumn;
  desc: boolean;
}

/** The order of the listing: the column asked for (empty values last), then the closing's id. */
const orderKeys = (sort: Sort | null): string[] =>
  sort
    ? [`${COLUMN_SQL[sort.column].sort} ${sort.desc ? "desc" : "asc"} nulls last`, "s.id"]
    : ["s.day", "m.sort", "k.code", "s.id"];

/**
 * Rows `offset` to `offset + limit - 1` of the listing in its order. The order and the page are found on the
 * sort keys alone; only the page's rows get their 18 columns (a month of every mall is about 60,000 closings).
 */
export function pageSql(span: Span, sort: Sort | null, offset: number, limit: number) {
  const keys = orderKeys(sort);
  // The keys as columns of the page (_o0, _o1, …) and the same order on them outside.
  const expr = keys.map((k) => k.replace(/ (asc|desc) nulls last$/, ""));
  const outer = keys.map((k, i) => k.replace(expr[i], `p._o${i}`));
  return statement<ClosingRow>(
    `select ${SELECT}
       from (select s.id as _id, ${expr.map((e, i) => `${e} as _o${i}`).join(", ")} ${FROM(span)}
              order by ${keys.join(", ")} limit ${int(limit)} offset ${int(offset)}) p
       join sales_closings s on s.id = p._id join contracts k on k.id = s.contract_id
       join malls m on m.id = k.mall_id
      order by ${outer.join(", ")}`,
  );
}

/** The totals, one row per currency ('PEN' first): closings, amount and transactions. */
export interface TotalRow {
  moneda: string;
  closings: number;
  monto: number;
  transacciones: number;
}

export function totalsSql(span: Span) {
  return statement<TotalRow>(
    `select k.currency as moneda, count(*)::int as closings, (sum(s.amount_cents) / 100.0)::double as monto,
            sum(s.transactions)::bigint as transacciones
     ${FROM(span)} group by k.currency order by k.currency = 'USD', k.currency`,
  );
}

/** One contract's closings of the range, in date order (the drill-down of a row). */
export function contractClosingsSql(span: Span, contract: string) {
  if (!/^[A-Za-z0-9-]{1,20}$/.test(contract)) {
    throw new Error(`Cannot list a contract's closings: '${contract}'`);
  }
  return statement<ClosingRow>(
    `select ${SELECT} ${FROM(span)} and k.code = '${contract}' order by s.day, s.id`,
  );
}
