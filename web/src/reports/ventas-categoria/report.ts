// Ventas por Categoría (/Reportes/VentasPorCategoria): per category (rubro) of a mall or all malls, the sales
// of a date range within one year against the same calendar days of the comparison year, in soles and per m2,
// 'General' (every contract) or 'SSS' (same-store), with the 'Inflación' switch (docs/metrics.md). Soles
// contracts only; the dollar contracts' sales are given apart (never added to soles).

import { partitionKey, salesPartitions } from "#contract/extracts.ts";
import { statement } from "../../analytics/connector.ts";
import { sameDaysIn, type Span } from "../shared/dates.ts";
import { COMPARED, type Comparison, comparisonCtes, groupsWithTotalsSql, int } from "../shared/sql.ts";

export type CatType = "General" | "SSS";

export interface CatFilters {
  type: CatType;
  mall: number;
  span: Span;
  comparisonYear: number;
  inflation: boolean;
}

/** Both currencies unless one is named (the soles table takes its dollar row from the same comparison). */
export function comparison(f: CatFilters, currency?: "PEN" | "USD"): Comparison {
  const year = Number(f.span.start.slice(0, 4));
  return {
    act: f.span,
    cmp: sameDaysIn(f.span, f.comparisonYear),
    comparisonYear: f.comparisonYear,
    year,
    inflation: f.inflation,
    sss: f.type === "SSS",
    mall: f.mall,
    currency,
  };
}

export function catPartitions(mallIds: readonly number[], year: number, comparisonYear: number): string[] {
  return [
    ...salesPartitions(mallIds, [...new Set([year, comparisonYear])]),
    partitionKey("contracts"),
    partitionKey("categories"),
    partitionKey("inflation"),
  ];
}

/** The compared figures of COMPARED (shared/sql.ts). */
export interface Compared {
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
}

export interface CategoryRow extends Compared {
  /** 0 a category, 1 the total, 2 the dollar contracts left out (their count and $ sales: usd-note.tsx). */
  is_total: number;
  category_id: number;
  categoria: string;
  contracts: number;
}

/** One row per category with soles contracts in scope, the total (from the sums), the dollar contracts. */
export function categoriesSql(f: CatFilters) {
  return statement<CategoryRow>(`with ${comparisonCtes(comparison(f))}, ${
    groupsWithTotalsSql({
      key: "category_id",
      groups: `select c.id::int as category_id, c.name as categoria, g.*
                 from g join categories c on c.id = g.gid where g.tot = 0 and g.currency = 'PEN'`,
      cols: ["is_total", "category_id", "categoria"],
      pen: "1, 0, 'Total'",
      usd: "2, 0, '$'",
      order: "is_total, categoria",
    })
  }`);
}

/** The drill-down: the contracts of a category (0: of every category) with their figures. */
export interface ContractRow extends Compared {
  is_total: number;
  contract_id: number;
  contrato: string;
  denominacion: string;
  area: number | null;
}

export function contractsSql(f: CatFilters, categoryId: number, currency: "PEN" | "USD" = "PEN") {
  const where = categoryId ? `where category_id = ${int(categoryId)}` : "";
  return statement<ContractRow>(`with ${comparisonCtes(comparison(f, currency))}
  select 0 as is_total, contract_id::int as contract_id, code as contrato, denominacion, area::double as area,
         ${COMPARED}
    from pc ${where} group by contract_id, code, denominacion, area
  union all
  select 1, 0, 'Total', '', null, ${COMPARED} from pc ${where}
  order by is_total, contrato`);
}
