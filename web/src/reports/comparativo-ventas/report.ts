// Comparativo de Ventas (/Reportes/ComparativoVentas): one row per group of similar contracts ('Contratos
// Símiles', the same brand in several malls), one column group per mall in the order CIX, ASA, AQP, IQT, SJL:
// the mall's contract, Ventas, Ventas por m2, m2, Transacciones, Ticket Prom and Var % against the same
// calendar days of the year before (docs/metrics.md, Comparativo de Ventas).

import { partitionKey, salesPartitions } from "#contract/extracts.ts";
import { shaped, statement } from "../../analytics/connector.ts";
import { sameDaysIn, type Span } from "../shared/dates.ts";
import { int, salesRowsSql } from "../shared/sql.ts";
import { percentOf, ratioOf, sumOf } from "../shared/sums.ts";

/** The column groups, in the spec's order, with the malls' ids. */
export const CV_MALLS = [
  { code: "CIX", id: 6 },
  { code: "ASA", id: 3 },
  { code: "AQP", id: 2 },
  { code: "IQT", id: 7 },
  { code: "SJL", id: 8 },
] as const;
export type MallCode = typeof CV_MALLS[number]["code"];
type Lower = Lowercase<MallCode>;

export interface CvFilters {
  /** 0 ('Todas'): every group; a mall: the groups with a contract there. */
  mall: number;
  range: Span;
}

/** The range and the same calendar days of the year before (Var %). */
export const previousOf = (range: Span): Span => sameDaysIn(range, Number(range.start.slice(0, 4)) - 1);

export function cvPartitions(mallIds: readonly number[], range: Span): string[] {
  const y = Number(range.start.slice(0, 4));
  return [
    ...salesPartitions(mallIds, [y, y - 1]),
    partitionKey("contracts"),
    partitionKey("malls"),
    partitionKey("similar_contracts"),
  ];
}

/** A mall's figures of a group (or of the totals row: its soles contracts summed). */
export type MallFigures =
  | "contrato"
  | "moneda"
  | "ventas"
  | "ventas_m2"
  | "m2"
  | "transacciones"
  | "ticket"
  | "var_pct";
export type CvRow =
  & { is_total: number; grupo: number | null; group_label: string }
  & Record<`${Lower}_${MallFigures}`, string | number | null>;

/** A contract of the drill-down: the group's (or every group's) contracts with their figures. */
export interface CvContractRow {
  /** Null, with contrato and denominacion, on the totals row. */
  grupo: number | null;
  mall: string;
  contrato: string | null;
  denominacion: string | null;
  moneda: string;
  ventas: number | null;
  ventas_anterior: number | null;
  m2: number;
  transacciones: number | null;
  ticket: number | null;
  var_pct: number | null;
}

/**
 * CTE `pcv`: per contract of a group, its mall code, sales and transactions of the range and of the same days
 * a year before, its area where it sold in the range. `groupFilter` keeps the groups the mall filter allows.
 */
function contractCte(f: CvFilters) {
  const prev = previousOf(f.range);
  const groups = f.mall === 0
    ? "select distinct group_id from similar_contracts"
    : `select group_id from similar_contracts where mall_id = ${int(f.mall)}`;
  return `with
  s as (
    select contract_id, sum(amount_cents) as cents, sum(transactions) as trx
      from (${salesRowsSql(f.range)}) group by contract_id),
  p as (
    select contract_id, sum(amount_cents) as cents
      from (${salesRowsSql(prev)}) group by contract_id),
  pcv as (
    select g.group_id, m.code as mall_code, m.sort, k.code as contrato, k.denominacion,
           coalesce(k.currency, 'PEN') as currency, k.area,
           coalesce(s.cents, 0) / 100.0 as ventas, coalesce(p.cents, 0) / 100.0 as anterior,
           coalesce(s.trx, 0) as trx,
           case when s.cents > 0 then k.area else 0 end as area_vta
      from similar_contracts g
      join contracts k on k.id = g.contract_id
      join malls m on m.id = g.mall_id
      left join s on s.contract_id = g.contract_id
      left join p on p.contract_id = g.contract_id
     where g.group_id in (${groups}))`;
}

/** A group's contracts of one mall and currency, summed by DuckDB (comparativoRows pivots them). */
interface CvCell {
  group_id: number;
  mall_code: string;
  currency: string;
  contrato: string | null;
  ventas: number;
  area: number | null;
  area_vta: number | null;
  trx: number;
  anterior: number;
}

/**
 * One row per group (is_total 0, in the order of their ids) and the totals row (is_total 1) over the soles
 * contracts only: a dollar contract is shown in $ on its group's row and left out of the totals, which say
 * so (docs/metrics.md). Summed per group, mall and currency here and pivoted by comparativoRows: a column per
 * mall and figure as aggregates cost DuckDB-WASM 20 to 40 ms a change.
 */
export function comparativoSql(f: CvFilters) {
  return shaped<CvCell, CvRow>(
    `${contractCte(f)}
  select group_id::int as group_id, mall_code, currency, max(contrato) as contrato, sum(ventas)::double as ventas,
         sum(area)::double as area, sum(area_vta)::double as area_vta, sum(trx)::double as trx,
         sum(anterior)::double as anterior
    from pcv group by all`,
    comparativoRows,
  );
}

/** SQL's max() of two texts, nulls skipped. */
const max = (a: string | null, b: string | null) => (a === null || (b !== null && b > a) ? b : a);

/** The report's rows from the cells: per group and mall, the contract, currency and figures. */
export function comparativoRows(cells: readonly CvCell[]): CvRow[] {
  interface Acc {
    contrato: string | null;
    moneda: string | null;
    ventas: number | null;
    area: number | null;
    area_vta: number | null;
    trx: number | null;
    anterior: number | null;
  }
  const acc = (): Acc => ({
    contrato: null,
    moneda: null,
    ventas: null,
    area: null,
    area_vta: null,
    trx: null,
    anterior: null,
  });
  const groups = new Map<number, Map<string, Acc>>(), total = new Map<string, Acc>();
  const into = (byMall: Map<string, Acc>, c: CvCell) => {
    let a = byMall.get(c.mall_code);
    if (!a) byMall.set(c.mall_code, a = acc());
    a.contrato = max(a.contrato, c.contrato);
    a.moneda = max(a.moneda, c.currency);
    a.ventas = sumOf(a.ventas, c.ventas);
    a.area = sumOf(a.area, c.area);
    a.area_vta = sumOf(a.area_vta, c.area_vta);
    a.trx = sumOf(a.trx, c.trx);
    a.anterior = sumOf(a.anterior, c.anterior);
  };
  for (const c of cells) {
    if (!groups.has(c.group_id)) groups.set(c.group_id, new Map());
    into(groups.get(c.group_id)!, c);
    if (c.currency === "PEN") into(total, c);
  }
  const row = (
    head: { is_total: number; grupo: number | null; group_label: string },
    byMall: Map<string, Acc>,
  ) => {
    const r: Record<string, unknown> = { ...head };
    for (const { code } of CV_MALLS) {
      const l = code.toLowerCase(), a = byMall.get(code) ?? acc();
      const isTotal = head.is_total === 1;
      Object.assign(r, {
        [`${l}_contrato`]: isTotal ? null : a.contrato,
        [`${l}_moneda`]: isTotal ? (byMall.has(code) ? "PEN" : null) : a.moneda,
        [`${l}_ventas`]: a.ventas,
        [`${l}_ventas_m2`]: ratioOf(a.ventas, a.area_vta),
        [`${l}_m2`]: a.area,
        [`${l}_transacciones`]: a.trx,
        [`${l}_ticket`]: ratioOf(a.ventas, a.trx),
        [`${l}_var_pct`]: percentOf(
          a.ventas === null || a.anterior === null ? null : a.ventas - a.anterior,
          a.anterior,
        ),
      });
    }
    return r as CvRow;
  };
  const rows = [...groups.keys()].sort((a, b) => a - b)
    .map((g) => row({ is_total: 0, grupo: g, group_label: `Grupo ${g}` }, groups.get(g)!));
  if (total.size) {
    rows.push(row({ is_total: 1, grupo: null, group_label: "Total S/ (sin contratos en $)" }, total));
  }
  return rows;
}

/** The contracts behind a group's row (group > 0) or behind the totals (0: every group's), with their figures. */
export function contractsSql(f: CvFilters, group: number) {
  return statement<CvContractRow>(`${contractCte(f)}
  select group_id as grupo, mall_code as mall, contrato, denominacion, currency as moneda,
         ventas::double as ventas, anterior::double as ventas_anterior, area::double as m2,
         trx::bigint as transacciones, (ventas / nullif(trx, 0))::double as ticket,
         ((ventas - anterior) / nullif(anterior, 0) * 100)::double as var_pct
    from pcv ${group > 0 ? `where group_id = ${int(group)}` : ""}
   order by group_id, sort`);
}

/**
 * The totals row of the drill-down (issue 11: the same export, totals included): the soles contracts of the
 * group (or of every group) summed, with Ticket Prom and Var % from the sums, labelled as the report's total.
 */
export function contractsTotalSql(f: CvFilters, group: number) {
  return statement<CvContractRow>(`${contractCte(f)}
  select null::integer as grupo, 'Total S/ (sin contratos en $)' as mall, null::varchar as contrato,
         null::varchar as denominacion, 'PEN' as moneda, sum(ventas)::double as ventas,
         sum(anterior)::double as ventas_anterior, sum(area)::double as m2, sum(trx)::bigint as transacciones,
         (sum(ventas) / nullif(sum(trx), 0))::double as ticket,
         ((sum(ventas) - sum(anterior)) / nullif(sum(anterior), 0) * 100)::double as var_pct
    from pcv where currency = 'PEN' ${group > 0 ? `and group_id = ${int(group)}` : ""}
  having count(*) > 0`);
}
