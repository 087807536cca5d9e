// Ventas Mensual (/indicadoresVentaMensual): a month against the same days of the comparison year, by mall
// and by category (whose 'Contratos' opens the category's contracts), and the chart of the month's days of a
// mall and category.

import { useMemo } from "react";
import { useReport } from "../../analytics/use-report.ts";
import { columnsOf } from "../../components/data-table/columns.ts";
import { formatMoney, formatPercent } from "../../lib/format.ts";
import type { Base } from "../shared/base.ts";
import { MONTHS } from "../shared/dates.ts";
import { FilterBar } from "../../components/filters/filter-bar.tsx";
import {
  ComparisonYearFilter,
  InflationSwitch,
  ModeFilter,
  OptionFilter,
  SssSwitch,
} from "../shared/controls.tsx";
import { contractsDrill, DrillDialog, useDrill } from "../shared/drill-dialog.tsx";
import { MallSelect } from "../shared/filters.tsx";
import { yearSteps } from "../shared/next.ts";
import { comparedColumns } from "../shared/compared-contracts.tsx";
import { TotalsTable } from "../shared/totals-table.tsx";
import {
  comparisonWithoutSales,
  defineReport,
  type ReportContext,
  ReportScreen,
  useFailure,
  useViewReport,
} from "../shared/report-screen.tsx";
import { YearsChart } from "../shared/years-chart.tsx";
import type { UsdFigures } from "../shared/usd-note.tsx";
import { comparisonYears } from "../shared/years.ts";
import {
  categoriesSql,
  categoryPartitions,
  type ContractRow,
  contractsSql,
  type DailyRow,
  dailySql,
  type Figure,
  type Filters as ReportFilters,
  MODES,
  type MonthPeriod,
  period,
  type SummaryRow,
  summarySql,
  usdSql,
  vmPartitions,
} from "./report.ts";
import type { VentasMensualSearch } from "./search.ts";

/** The filters of the screen: the report's, the category table's mall and the chart's mall and category. */
interface Filters extends ReportFilters {
  mallCat: number;
  mallEvo: number;
  rubroEvo: number;
}

const cMall = columnsOf<SummaryRow>();
const cContract = columnsOf<ContractRow>();
const contractColumns = [
  cContract.text("contrato", "Contrato"),
  cContract.text("denominacion", "Denominación"),
  cContract.area("area_local", "Área m2"),
];

/** The summary's rows as the two tables: malls by their order, categories by name, totals last. */
function splitSummary(rows: SummaryRow[]) {
  const byName = (a: SummaryRow, b: SummaryRow) =>
    a.is_total - b.is_total || (String(a.category) < String(b.category) ? -1 : 1);
  return {
    malls: rows.filter((r) => r.tbl === "mall").sort((a, b) => a.sort - b.sort),
    cats: rows.filter((r) => r.tbl === "cat").sort(byName),
  };
}

/** A compared figure's column in the 'Tipo' shown: soles, or soles per m2. */
const figureOf = (f: ReportFilters, k: Figure): Figure | `${Figure}_m2` =>
  f.mode === "ventaMensualM2" ? `${k}_m2` : k;

const partitionsOf = (base: Base, f: ReportFilters, p: MonthPeriod) =>
  vmPartitions(base.mallIds, p, f.comparisonYear);

/**
 * Both tables in one query; the category table's mall is picked from its rows without a new query. By
 * period, not mode: 'Venta Mensual' and its m2 view are the same statements (a switch needs no query).
 */
const tablesReport = (base: Base, f: ReportFilters) => {
  const p = period(f.mode, base.today, f.comparisonYear);
  return {
    name: "vm",
    partitions: partitionsOf(base, f, p),
    statements: { summary: summarySql(f, p), usd: usdSql(f, p) },
    select: (r: { summary: SummaryRow[]; usd: UsdFigures[] }) => ({
      ...splitSummary(r.summary),
      usd: r.usd[0],
    }),
  };
};

/** The chart of the month's days, of the chart's mall and category (the view's own report, after the tables). */
const chartReport = (base: Base, f: Filters) => {
  const p = period(f.mode, base.today, f.comparisonYear);
  return {
    name: "vm-evo",
    partitions: partitionsOf(base, f, p),
    statements: { daily: dailySql(f, p, f.mallEvo, f.rubroEvo) },
    select: (r: { daily: DailyRow[] }) => r.daily,
  };
};

export const ventasMensual = defineReport({
  filters: (base: Base, s: VentasMensualSearch): Filters => ({
    mode: s.tipo,
    // The global comparison year (Configuración global) unless the address names one.
    comparisonYear: s.anioComparativo ?? base.comparisonYear,
    inflation: s.inflacion,
    sss: s.sss,
    mallCat: s.mallRubro,
    mallEvo: s.mallEvolucion,
    rubroEvo: s.rubro,
  }),
  urlNames: {
    mode: "tipo",
    comparisonYear: "anioComparativo",
    inflation: "inflacion",
    mallCat: "mallRubro",
    mallEvo: "mallEvolucion",
    rubroEvo: "rubro",
  },
  prefetch: (b, s) => {
    const p = period(s.tipo, b.today, 2000);
    return vmPartitions(b.mallIds, p, s.anioComparativo ?? p.year - 1);
  },
  // Not the chart, which waits for the tables on purpose (after), nor the categories of the chart's mall.
  report: tablesReport,
  /**
   * At most three (each costs an idle computation): each switch flipped (one click, the same partitions),
   * then the comparison year's neighbour, the year before first and never the report year (its sales load
   * when the page is idle). Not 'Tipo': its m2 view needs no query, and the closed month is a dropdown's pick.
   */
  next: (base, f) =>
    [
      { inflation: !f.inflation },
      { sss: !f.sss },
      ...yearSteps(f.comparisonYear, comparisonYears(base.today), {
        other: period(f.mode, base.today, f.comparisonYear).year,
      }).map((comparisonYear) => ({ comparisonYear })),
    ].slice(0, 3),
  // Said of the comparison year alone: the report year is the current or the closed month's.
  noData: (_data, f, base) => comparisonWithoutSales(base, f.comparisonYear),
  controls: (b) => (
    <>
      <ModeFilter {...b} name="mode" options={MODES} />
      <ComparisonYearFilter {...b} />
      <InflationSwitch {...b} />
      <SssSwitch {...b} />
    </>
  ),
  headline: (data, f, base) => {
    const p = period(f.mode, base.today, f.comparisonYear), m2 = f.mode === "ventaMensualM2";
    const total = data?.malls.find((r) => r.is_total), usd = data?.usd;
    const value = (k: Figure) => total?.[figureOf(f, k)];
    return {
      id: "vm-national",
      title: `Total nacional · ${MONTHS[p.month - 1]} ${p.year}${
        f.mode === "ventaMensual" || m2 ? " (al día de ayer)" : ""
      }`,
      value: formatMoney(value("act")),
      detail: `${f.comparisonYear}: ${formatMoney(value("cmp"))} · ${formatPercent(value("pct"))}${
        usd?.contracts
          ? ` · contratos en dólares (aparte): ${formatMoney(usd.act, "$")} en ${p.year} y ${
            formatMoney(usd.cmp, "$")
          } en ${f.comparisonYear}`
          : ""
      }`,
    };
  },
  View: (ctx) => <VentasMensualView {...ctx} />,
});

/** /indicadoresVentaMensual. */
export const VentasMensualPage = () => <ReportScreen report={ventasMensual} />;

type Data = ReturnType<ReturnType<typeof tablesReport>["select"]>;

function VentasMensualView(props: ReportContext<VentasMensualSearch, Filters, Data>) {
  const { base, filters: f, report: main, change } = props;
  const { today, malls } = base;
  const p = period(f.mode, today, f.comparisonYear);
  // The chart changes with the same filters as the tables: both are computed ahead, or a step waits for it.
  const evo = useViewReport(props, (n) => chartReport(base, n));
  const rubros = useReport({
    name: "vm-rubros",
    partitions: categoryPartitions,
    statements: { rubros: categoriesSql(f.mallEvo) },
    select: (r) => r.rubros,
  });
  useFailure(props.fail, rubros.error);
  const drill = useDrill<{ id: number; name: string }>();
  const yearText = String(p.year), comparisonText = String(f.comparisonYear);
  // The compared figures, in soles or per m2 (the 'Tipo').
  const figures = useMemo(
    () =>
      comparedColumns(cMall, yearText, comparisonText, {
        m2: f.mode === "ventaMensualM2",
        pct: "Diferencia %",
      }),
    [f.mode, comparisonText, yearText],
  );
  const columns = useMemo(() => [cMall.text("name", "Mall"), ...figures], [figures]);
  const catColumns = useMemo(() => [
    cMall.text("category", "Rubro"),
    ...figures,
    // Named 'Contratos' alone, as it always was (its row is named by the 'Rubro' beside it).
    cMall.button("contratos", "Contratos", {
      label: "Contratos",
      name: () => "Contratos",
      onClick: (r) => drill.show({ id: r.category_id, name: r.category }),
    }),
  ], [figures]);

  // The tables' rows keep their identity while their figures do not change (a chart-only filter, a
  // re-render), so the tables skip their work.
  const rubroOptions = useMemo(() => [{ value: 0, label: "Todos" }, ...(rubros.data ?? [])], [rubros.data]);
  const cats = useMemo(() => main.data?.cats.filter((r) => r.mall_id === f.mallCat), [main.data, f.mallCat]);
  const evoData = useMemo(
    () => (evo.data ?? []).map((d) => ({ x: String(d.dia), act: d.act, cmp: d.cmp })),
    [evo.data],
  );
  const monthName = `${MONTHS[p.month - 1]} ${p.year}`;
  // The category table's mall and the chart's, 'Todas' first.
  const mallSelect = (id: "mallCat" | "mallEvo", onChange: (mall: number) => void) => (
    <MallSelect id={id} value={f[id]} malls={malls} all onChange={onChange} />
  );
  return (
    <>
      <TotalsTable title="Ventas Mensual por Mall" columns={columns} data={main.data?.malls} />
      <TotalsTable title="Ventas Mensual por Rubro" columns={catColumns} data={cats}>
        <FilterBar>{mallSelect("mallCat", (mallCat) => change({ mallCat }))}</FilterBar>
      </TotalsTable>
      <YearsChart
        id="vm-evo"
        heading={`Evolución diaria · ${monthName}`}
        title="Evolución diaria de ventas"
        data={evoData}
        labels={[yearText, comparisonText]}
        filters={
          <FilterBar>
            {mallSelect("mallEvo", (mallEvo) => change({ mallEvo, rubroEvo: 0 }))}
            <OptionFilter {...props} name="rubroEvo" label="Rubro" options={rubroOptions} />
          </FilterBar>
        }
      />
      <DrillDialog
        {...contractsDrill(drill, (d) => d.name)}
        width="44rem"
        columns={contractColumns}
        report={(d) => ({
          name: "vm-contracts",
          partitions: partitionsOf(base, f, p),
          statements: { rows: contractsSql(f, p, f.mallCat, d.id) },
          select: (r: { rows: ContractRow[] }) => r,
        })}
      />
    </>
  );
}
