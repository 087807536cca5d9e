// Venta General (/ventaGeneral): per mall, the month's sales to date against the month's budget and the
// year's sales to date against the budget of January to that month; and the monthly national curve of the
// year against the year before.

import { partitionKey, salesPartitions } from "../../../../contract/extracts.ts";
import { statement, withLocal } from "../../analytics/connector.ts";
import { dayNumber, type LocalData } from "../../analytics/local.ts";
import { addTo, monthCurveLocal, sumBy } from "../shared/local.ts";
import { addDays, monthSpan, monthTo, sameDaysIn, type Span } from "../shared/dates.ts";
import { between, type CurveMonth, date, monthCurveSql, salesRowsSql } from "../shared/sql.ts";
import { percentOf, ratioOf, sumOf } from "../shared/sums.ts";

export interface Period {
  year: number;
  month: number;
  /** The month (to yesterday when it is the current one) and January 1 to its end. */
  month_span: Span;
  ytd: Span;
}

export function period(year: number, month: number, today: string): Period {
  const m = monthTo(year, month, addDays(today, -1));
  return { year, month, month_span: m, ytd: { start: `${year}-01-01`, end: m.end } };
}

/** The partitions the screen reads: every mall's sales of the year and the one before, its budgets. */
export function vgPartitions(mallIds: readonly number[], year: number): string[] {
  return [
    ...salesPartitions(mallIds, [year, year - 1]),
    partitionKey("budgets", year),
    partitionKey("contracts"),
    partitionKey("malls"),
  ];
}

/** The amounts of the table; the m2 view reads each one's `_m2` column. */
export type Amount = "acumulado_mes" | "meta_mes" | "acumulado_anio" | "meta_anio";

/**
 * A mall's figures, or the national total (is_total 1, mall 'Total'); a period without sales or budget has
 * empty amounts.
 */
export type MallRow =
  & {
    is_total: number;
    mall_id: number;
    mall: string;
    sort: number;
    cumplimiento_mes: number | null;
    cumplimiento_anio: number | null;
    area_mes: number | null;
    area_anio: number | null;
  }
  & Record<Amount | `${Amount}_m2`, number | null>;

/** The chart, per month: the year's sales (null for months after the period) and the year before's. */
export interface MonthlyRow {
  mes: number;
  monto_anio_actual: number | null;
  monto_anio_pasado: number;
}

/** A period's sales and budget, both empty when nothing was sold or budgeted in it (not S/ 0.00). */
const amounts = (sold: string, budget: string, names: [string, string]) => {
  const some = `sum(${sold}) <> 0 or sum(${budget}) <> 0`;
  return `(case when ${some} then sum(${sold}) end)::double as ${names[0]},
  (case when ${some} then sum(${budget}) end)::double as ${names[1]}`;
};

const FIGURES = `
  ${amounts("mes", "meta_mes", ["acumulado_mes", "meta_mes"])},
  (sum(mes) / nullif(sum(meta_mes), 0) * 100)::double as cumplimiento_mes,
  ${amounts("anio", "meta_anio", ["acumulado_anio", "meta_anio"])},
  (sum(anio) / nullif(sum(meta_anio), 0) * 100)::double as cumplimiento_anio,
  sum(area_mes)::double as area_mes, sum(area_anio)::double as area_anio,
  (sum(mes) / nullif(sum(area_mes), 0))::double as acumulado_mes_m2,
  (sum(meta_mes) / nullif(sum(area_mes), 0))::double as meta_mes_m2,
  (sum(anio) / nullif(sum(area_anio), 0))::double as acumulado_anio_m2,
  (sum(meta_anio) / nullif(sum(area_anio), 0))::double as meta_anio_m2`;

interface VgPc {
  mall_id: number;
  mes: number;
  anio: number;
  meta_mes: number;
  meta_anio: number;
  area_mes: number | null;
  area_anio: number | null;
}

/** FIGURES over a group of `pc` rows (all null for none: a mall without sales or budget). */
function figures(g: readonly VgPc[]) {
  const sum = (get: (r: VgPc) => number | null) => sumBy(g, get);
  const mes = sum((r) => r.mes), metaMes = sum((r) => r.meta_mes);
  const anio = sum((r) => r.anio), metaAnio = sum((r) => r.meta_anio);
  const areaMes = sum((r) => r.area_mes), areaAnio = sum((r) => r.area_anio);
  const some = (a: number | null, b: number | null) => (a !== null && a !== 0) || (b !== null && b !== 0);
  return {
    acumulado_mes: some(mes, metaMes) ? mes : null,
    meta_mes: some(mes, metaMes) ? metaMes : null,
    cumplimiento_mes: percentOf(mes, metaMes),
    acumulado_anio: some(anio, metaAnio) ? anio : null,
    meta_anio: some(anio, metaAnio) ? metaAnio : null,
    cumplimiento_anio: percentOf(anio, metaAnio),
    area_mes: areaMes,
    area_anio: areaAnio,
    acumulado_mes_m2: ratioOf(mes, areaMes),
    meta_mes_m2: ratioOf(metaMes, areaMes),
    acumulado_anio_m2: ratioOf(anio, areaAnio),
    meta_anio_m2: ratioOf(metaAnio, areaAnio),
  };
}

/** perMallSql's rows computed over the loaded partitions' columns (no DuckDB). */
function perMallLocal(p: Period, d: LocalData): MallRow[] {
  const mes = d.sales(p.month_span.start, p.month_span.end), anio = d.sales(p.ytd.start, p.ytd.end);
  const from = dayNumber(`${p.year}-01-01`),
    monthStart = dayNumber(`${p.year}-${String(p.month).padStart(2, "0")}-01`);
  const bud = new Map<number, { mes: number | null; anio: number | null }>();
  for (const b of d.rows("budgets")) {
    const m = b.month as number, amount = b.amount as number | null;
    if (m < from || m > monthStart) continue;
    const e = bud.get(b.contract_id as number) ?? { mes: null, anio: null };
    e.anio = sumOf(e.anio, amount);
    if (m === monthStart) e.mes = sumOf(e.mes, amount);
    bud.set(b.contract_id as number, e);
  }
  const contracts = new Map(d.rows("contracts").map((k) => [k.id as number, k]));
  const byMall = new Map<number, VgPc[]>(), all: VgPc[] = [];
  for (const id of new Set([...anio.keys(), ...bud.keys()])) {
    const k = contracts.get(id);
    if (!k) continue;
    // A contract with sales in the year to date has a month figure only when it sold in the month too.
    const m = anio.has(id) ? (mes.get(id) ?? null) : null, a = anio.has(id) ? anio.get(id)! / 100 : null;
    const b = bud.get(id);
    const r: VgPc = {
      mall_id: k.mall_id as number,
      mes: m === null ? 0 : m / 100,
      anio: a ?? 0,
      meta_mes: b?.mes ?? 0,
      meta_anio: b?.anio ?? 0,
      area_mes: m !== null && m > 0 ? (k.area as number | null) : 0,
      area_anio: a !== null && a > 0 ? (k.area as number | null) : 0,
    };
    all.push(r);
    addTo(byMall, r.mall_id, r);
  }
  const rows: MallRow[] = d.rows("malls").map((m) => ({
    is_total: 0,
    mall_id: m.id as number,
    mall: m.name as string,
    sort: m.sort as number,
    ...figures(byMall.get(m.id as number) ?? []),
  }));
  rows.sort((a, b) => a.sort - b.sort);
  rows.push({ is_total: 1, mall_id: 0, mall: "Total", sort: 999, ...figures(all) });
  return rows;
}

/** One row per mall and the national total (last), all malls listed. */
export function perMallSql(p: Period) {
  return withLocal(perMallStatement(p), (d) => perMallLocal(p, d));
}

function perMallStatement(p: Period) {
  const monthStart = date(`${p.year}-${String(p.month).padStart(2, "0")}-01`);
  return statement<MallRow>(`with
  sales as (
    select contract_id,
           sum(case when ${between("day", p.month_span)} then amount_cents end) / 100.0 as mes,
           sum(amount_cents) / 100.0 as anio
      from (${salesRowsSql(p.ytd)}) group by contract_id),
  bud as (
    select contract_id, sum(case when month = ${monthStart} then amount end) as meta_mes, sum(amount) as meta_anio
      from budgets where month between ${date(`${p.year}-01-01`)} and ${monthStart} group by contract_id),
  pc as (
    select k.mall_id, coalesce(s.mes, 0) as mes, coalesce(s.anio, 0) as anio,
           coalesce(b.meta_mes, 0) as meta_mes, coalesce(b.meta_anio, 0) as meta_anio,
           case when s.mes > 0 then k.area else 0 end as area_mes,
           case when s.anio > 0 then k.area else 0 end as area_anio
      from sales s full join bud b on b.contract_id = s.contract_id
      join contracts k on k.id = coalesce(s.contract_id, b.contract_id)),
  agg as (select mall_id, ${FIGURES} from pc group by mall_id),
  tot as (select ${FIGURES} from pc)
  select 0 as is_total, m.id as mall_id, m.name as mall, m.sort, a.* exclude (mall_id)
    from malls m left join agg a on a.mall_id = m.id
  union all
  select 1, 0, 'Total', 999, tot.* from tot
  order by is_total, sort`);
}

/**
 * National sales per month of the year (to the period's end) and of the year before: months before the
 * period's month whole, the period's month on the same calendar days, later months of the year before whole.
 */
export function monthlySql(p: Period) {
  const prev = p.year - 1;
  const months = Array.from({ length: 12 }, (_, i): CurveMonth => {
    const k = i + 1;
    return {
      act: k < p.month ? monthSpan(p.year, k) : k === p.month ? p.month_span : null,
      cmp: k === p.month ? sameDaysIn(p.month_span, prev) : monthSpan(prev, k),
    };
  });
  const names: ["monto_anio_actual", "monto_anio_pasado"] = ["monto_anio_actual", "monto_anio_pasado"];
  return withLocal(
    statement<MonthlyRow>(monthCurveSql(months, names)),
    (d) => monthCurveLocal(months, names, d),
  );
}
