// Ventas por Categoría: per category, a range against the same days of the comparison year, General or SSS;
// the dollar contracts said under the soles table; a row's or the total's 'Contratos' opens its contracts.

import { columnsOf } from "../../components/data-table/columns.ts";
import { formatDate, formatMoney, formatPercent } from "../../lib/format.ts";
import { type Base, mallsOf } from "../shared/base.ts";
import { comparedColumns, comparedSolesView } from "../shared/compared-contracts.tsx";
import { labelled } from "../shared/filters.tsx";
import {
  ComparisonYearFilter,
  InflationSwitch,
  MallFilter,
  ModeFilter,
  RangeFilter,
} from "../shared/controls.tsx";
import { rangeSteps } from "../shared/next.ts";
import { rangeOf } from "../shared/range-search.ts";
import { comparisonWithoutSales, defineReport, ReportScreen } from "../shared/report-screen.tsx";
import { withUsd } from "../shared/usd-note.tsx";
import { defaultComparison } from "../shared/years.ts";
import {
  categoriesSql,
  type CategoryRow,
  type CatFilters,
  catPartitions,
  type CatType,
  contractsSql,
} from "./report.ts";
import type { CategorySearch } from "./search.ts";

const TYPES = labelled<CatType>("General", "SSS");

/** The filters of the screen: the URL's, the range (default: the month of yesterday) and comparison year. */
interface Filters {
  type: CatType;
  mall: number;
  start: string;
  end: string;
  comparisonYear: number;
  inflation: boolean;
}

const yearOf = (f: { start: string }) => Number(f.start.slice(0, 4));

function filtersOf(base: Base, s: CategorySearch): Filters {
  const r = rangeOf(base.today, s.desde, s.hasta, base.today);
  const comparisonYear = s.anioComparativo ?? defaultComparison(base, yearOf(r));
  return { ...r, type: s.tipo, mall: s.mall, comparisonYear, inflation: s.inflacion };
}

/** The filters report.ts reads. */
const catFilters = (f: Filters): CatFilters => ({ ...f, span: { start: f.start, end: f.end } });

const partitionsOf = (base: Base, f: Filters) =>
  catPartitions(mallsOf(base, f.mall), yearOf(f), f.comparisonYear);

/** /Reportes/VentasPorCategoria: per category, a range against the same days of the comparison year. */
export const ventasCategoria = defineReport({
  filters: filtersOf,
  urlNames: {
    type: "tipo",
    start: "desde",
    end: "hasta",
    comparisonYear: "anioComparativo",
    inflation: "inflacion",
  },
  report: (base, f) => ({
    name: "cat",
    partitions: partitionsOf(base, f),
    statements: { rows: categoriesSql(catFilters(f)) },
    select: withUsd<CategoryRow>,
  }),
  // The range a month later and earlier, then the other 'Tipo' and the other 'Inflación', cut to three (each
  // costs a computation while the page is idle). The range stays in its year: in another one the page may
  // take another default comparison year, so the report computed would not be the one shown (and its
  // partitions are not loaded anyway).
  next: (base, f) =>
    [
      ...rangeSteps(f, base.today).filter((span) => yearOf(span) === yearOf(f)),
      { type: f.type === "SSS" ? "General" as const : "SSS" as const },
      { inflation: !f.inflation },
    ].slice(0, 3),
  noData: (data, f, base) =>
    comparisonWithoutSales(base, f.comparisonYear) ?? (data.total?.act ? null : { period: "month" }),
  controls: (b) => (
    <>
      <ModeFilter {...b} name="type" options={TYPES} />
      <MallFilter {...b} all />
      <RangeFilter {...b} last={b.base.today} />
      <ComparisonYearFilter {...b} />
      <InflationSwitch {...b} />
    </>
  ),
  headline: (data, f) => ({
    id: "cat-total",
    title: `Ventas ${f.type} del ${formatDate(f.start)} al ${formatDate(f.end)}`,
    value: formatMoney(data?.total?.act),
    detail: `${f.comparisonYear}: ${formatMoney(data?.total?.cmp)} · ${formatPercent(data?.total?.pct)}`,
  }),
  View: comparedSolesView<CategorySearch, Filters, CategoryRow>({
    testId: "cat-usd",
    years: (f) => ({ year: yearOf(f), comparisonYear: f.comparisonYear }),
    columns: (f, contracts) => {
      const year = yearOf(f), comparisonYear = f.comparisonYear;
      return [
        c.text("categoria", "Categoría"),
        ...comparedColumns(c, year, comparisonYear),
        c.area("area_act", `Área m2 ${year}`),
        c.area("area_cmp", `Área m2 ${comparisonYear}`),
        c.money("act_m2", `Venta m2 ${year}`),
        c.money("cmp_m2", `Venta m2 ${comparisonYear}`),
        c.percent("pct_m2", "Var % m2"),
        contracts,
      ];
    },
    figure: (row) => ({ id: row.category_id, name: row.categoria }),
    contracts: (base, f, id) => ({
      partitions: partitionsOf(base, f),
      statement: contractsSql(catFilters(f), id),
    }),
  }),
});

export const VentasCategoriaPage = () => <ReportScreen report={ventasCategoria} />;

const c = columnsOf<CategoryRow>();
