// Ventas por Día (/Reportes/ReporteDiaIndex): the sales of a day (or of its month up to it), in soles or per m2,
// per mall ('Todas') or per category of one mall, against the same calendar day(s) of the year before, with the
// 'Inflación' switch (docs/metrics.md). Soles contracts only; the dollar contracts are given apart.

import { partitionKey, salesPartitions } from "#contract/extracts.ts";
import { statement } from "../../analytics/connector.ts";
import { sameDaysIn, type Span } from "../shared/dates.ts";
import { COMPARED, type Comparison, comparisonCtes, groupsWithTotalsSql, int } from "../shared/sql.ts";

export type DayType = "dia" | "acumulada" | "m2" | "m2acumulada";
export const DAY_TYPES: { value: DayType; label: string }[] = [
  { value: "dia", label: "Venta del día" },
  { value: "acumulada", label: "Venta acumulada" },
  { value: "m2", label: "Venta m2" },
  { value: "m2acumulada", label: "Venta m2 acumulada" },
];

export interface DayFilters {
  type: DayType;
  /** 0: every mall, one row per mall; else one row per category of that mall. */
  mall: number;
  day: string;
  inflation: boolean;
}

export const isM2 = (t: DayType) => t === "m2" || t === "m2acumulada";
const accumulated = (t: DayType) => t === "acumulada" || t === "m2acumulada";

/** The day, or the 1st of its month to it; compared with the same calendar days of the year before. */
export function periods(f: DayFilters): { act: Span; cmp: Span; year: number; comparisonYear: number } {
  const year = Number(f.day.slice(0, 4)), comparisonYear = year - 1;
  const act = { start: accumulated(f.type) ? `${f.day.slice(0, 8)}01` : f.day, end: f.day };
  return { act, cmp: sameDaysIn(act, comparisonYear), year, comparisonYear };
}

/** Both currencies unless one is named (the soles table takes its dollar row from the same comparison). */
function comparison(f: DayFilters, currency?: "PEN" | "USD"): Comparison {
  const p = periods(f);
  return { ...p, inflation: f.inflation, sss: false, mall: f.mall, currency };
}

export function dayPartitions(mallIds: readonly number[], day: string): string[] {
  const y2 = Number(day.slice(0, 4));
  return [
    ...salesPartitions(mallIds, [y2, y2 - 1]),
    partitionKey("contracts"),
    partitionKey("categories"),
    partitionKey("malls"),
    partitionKey("inflation"),
  ];
}

export interface DayRow {
  /** 0 a group, 1 the total, 2 the dollar contracts left out (their count and $ sales: usd-note.tsx). */
  is_total: number;
  /** A mall's id ('Todas') or a category's id. */
  group_id: number;
  nombre: string;
  act: number | null;
  cmp: number | null;
  diff: number | null;
  pct: number | null;
  area_act: number | null;
  area_cmp: number | null;
  act_m2: number | null;
  cmp_m2: number | null;
  diff_m2: number | null;
  pct_m2: number | null;
  contracts: number;
}

/**
 * Per mall (all malls listed, in their order) or per category of the mall, then the total from the sums,
 * soles contracts only; then the dollar contracts left out, as one row (groupsWithTotalsSql).
 */
export function daySql(f: DayFilters) {
  const byMall = f.mall === 0;
  return statement<DayRow>(`with ${comparisonCtes(comparison(f))}, ${
    groupsWithTotalsSql({
      key: byMall ? "mall_id" : "category_id",
      groups: byMall
        ? `select m.id::int as group_id, m.name as nombre, m.sort::int as sort, g.*
             from malls m left join g on g.tot = 0 and g.currency = 'PEN' and g.gid = m.id`
        : `select c.id::int as group_id, c.name as nombre, 0 as sort, g.*
             from g join categories c on c.id = g.gid where g.tot = 0 and g.currency = 'PEN'`,
      cols: ["is_total", "group_id", "nombre", "sort"],
      pen: "1, 0, 'Total', 999",
      usd: "2, 0, '$', 1000",
      order: "is_total, sort, nombre",
    })
  }`);
}

/** The contracts behind a row (group 0: behind the total), for the drill-down. */
export function dayContractsSql(f: DayFilters, group: number) {
  const where = group === 0 ? "" : `where ${f.mall === 0 ? "mall_id" : "category_id"} = ${int(group)}`;
  return statement<{
    is_total: number;
    contract_id: number;
    contrato: string;
    denominacion: string;
    area: number | null;
    act: number | null;
    cmp: number | null;
    diff: number | null;
    pct: number | null;
    act_m2: number | null;
    cmp_m2: number | null;
  }>(`with ${comparisonCtes(comparison(f, "PEN"))}
  select 0 as is_total, contract_id::int as contract_id, code as contrato, denominacion, area::double as area,
         ${COMPARED}
    from pc ${where} group by contract_id, code, denominacion, area
  union all
  select 1, 0, 'Total', '', null, ${COMPARED} from pc ${where}
  order by is_total, contrato`);
}
