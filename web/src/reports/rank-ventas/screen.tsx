// Ranking de Ventas (/Reportes/RankVentas): the contracts of a mall ranked by a month's sales (Mensual) or by
// the year's, a column per month (Anual, Anual por M2), of one CeBe or all; a row opens the contract's sales
// curve. The two 'Tipo' have their own rows: the main report is the one shown, its rows under its own name.

import { useCallback, useMemo, useState } from "react";
import type { Statement } from "../../analytics/connector.ts";
import { type ReportSpec, useReport } from "../../analytics/use-report.ts";
import { type Column, columnsOf } from "../../components/data-table/columns.ts";
import type { Currency } from "../../lib/format.ts";
import { type Base, mallOr } from "../shared/base.ts";
import { ContractCurvePanel, curveColumn, type CurveContract } from "../shared/contract-curve-panel.tsx";
import { CurrencyTables } from "../shared/currency.tsx";
import type { CurrencyRow } from "../shared/money.ts";
import { addDays, monthOfYear, MONTHS, parts } from "../shared/dates.ts";
import { type Bound, MallFilter, ModeFilter, OptionFilter } from "../shared/controls.tsx";
import { lastSixYears } from "../shared/filters.tsx";
import { MonthOrYearPicker } from "../shared/period-picker.tsx";
import { monthSteps, yearSteps } from "../shared/next.ts";
import { defineReport, type ReportContext, ReportScreen } from "../shared/report-screen.tsx";
import {
  cebesSql,
  type MonthlyRankRow,
  monthlyRankSql,
  monthsShown,
  type RankFilters,
  type RankMode,
  rankPartitions,
  type YearlyRankRow,
  yearlyRankSql,
} from "./report.ts";
import type { RankVentasSearch } from "./search.ts";

const MODES: { value: RankMode; label: string }[] = [
  { value: "mensual", label: "Mensual" },
  { value: "anual", label: "Anual" },
  { value: "anualM2", label: "Anual por M2" },
];

const cm = columnsOf<MonthlyRankRow>();
const cy = columnsOf<YearlyRankRow>();

/** The filters of the URL's search with the defaults from the base. */
function filtersOf(base: Base, s: RankVentasSearch): RankFilters {
  const [y] = parts(addDays(base.today, -1));
  const year = s.anio && s.anio <= y ? s.anio : y;
  return {
    mode: s.tipo,
    year,
    month: monthOfYear(base.today, year, s.mes),
    mall: mallOr(base, s.mall),
    cebe: s.cebe,
  };
}

/** The CeBes of the mall (the CeBe filter's options: the view's own report). */
const cebesReport = (f: RankFilters) => ({
  name: "rank-cebes",
  partitions: rankPartitions(f.mall, f.year),
  statements: { cebes: cebesSql(f.mall) },
  select: (x: { cebes: { code: string; name: string }[] }) => x.cebes,
});

/** The ranking of the 'Tipo' shown: Mensual's rows, or Anual's and Anual por M2's (a column per month). */
type RankStatements = { monthly: Statement<MonthlyRankRow> } | { yearly: Statement<YearlyRankRow> };
type Ranking = { monthly: MonthlyRankRow[] } | { yearly: YearlyRankRow[] };

const rankingReport = (base: Base, f: RankFilters): ReportSpec<RankStatements, Ranking> => {
  const monthly = f.mode === "mensual";
  return {
    name: monthly ? "rank-ventas-mensual" : "rank-ventas-anual",
    partitions: rankPartitions(f.mall, f.year),
    statements: monthly
      ? { monthly: monthlyRankSql(f, base.today) }
      : { yearly: yearlyRankSql(f, base.today) },
    select: (x) => x,
  };
};

const rowsOf = (r: Ranking) => ("monthly" in r ? r.monthly : r.yearly);

export const rankVentas = defineReport({
  filters: filtersOf,
  urlNames: { mode: "tipo", year: "anio", month: "mes" },
  report: rankingReport,
  /**
   * Mensual: the month after and before, the month picker's likely steps. A yearly 'Tipo': the other one (same
   * partitions), then the year after and before among the picker's years. Mensual to a yearly view is another
   * report (other rows), so it is not computed ahead.
   */
  next: (base, f): Partial<RankFilters>[] =>
    f.mode === "mensual" ? monthSteps(f, base.today) : [
      { mode: f.mode === "anual" ? "anualM2" : "anual" },
      ...yearSteps(f.year, lastSixYears(addDays(base.today, -1)), { forward: true }).map((year) => ({
        year,
      })),
    ],
  // Only the totals row (or none).
  noData: (data) => (rowsOf(data).length <= 1 ? { period: "month" } : null),
  controls: (b) => (
    <>
      <ModeFilter {...b} name="mode" options={MODES} />
      <MonthOrYearPicker
        byMonth={b.filters.mode === "mensual"}
        labels={{ month: "Mes", year: "Año" }}
        year={b.filters.year}
        month={b.filters.month}
        last={addDays(b.base.today, -1)}
        years={lastSixYears(addDays(b.base.today, -1))}
        onChange={b.change}
      />
      <MallFilter {...b} onMall={(mall) => b.change({ mall, cebe: "" })} />
      <CebeFilter {...b} />
    </>
  ),
  View: (ctx) => <RankVentasView {...ctx} />,
});

/** /Reportes/RankVentas. */
export const RankVentasPage = () => <ReportScreen report={rankVentas} />;

/** 'CeBe': 'Todos' or one of the mall's CeBes (their list is the control's own report). */
function CebeFilter(props: Bound<RankFilters>) {
  const cebes = useReport(cebesReport(props.filters));
  const options = useMemo(() => [
    { value: "", label: "Todos" },
    ...(cebes.data ?? []).map((x) => ({ value: x.code, label: `${x.code} - ${x.name}` })),
  ], [cebes.data]);
  return <OptionFilter {...props} name="cebe" label="CeBe" options={options} filter />;
}

function RankVentasView(props: ReportContext<RankVentasSearch, RankFilters, Ranking>) {
  const { title, base, filters: f, report: r } = props;
  const monthly = f.mode === "mensual";
  const partitions = rankPartitions(f.mall, f.year);
  const [curve, setCurve] = useState<CurveContract | null>(null);
  const shown = monthsShown(f.year, base.today);
  const mColumns = useCallback((cur: Currency) => [
    cm.integer("ranking", "Ranking"),
    cm.text("code", "Cod Contrato"),
    cm.text("denominacion", "Den Contrato"),
    cm.text("objetos", "Objetos"),
    cm.area("area", "Area"),
    cm.money("venta", "Monto de Venta", cur),
    cm.integer("transacciones", "Transacciones"),
    cm.text("rubro", "Rubro"),
    cm.text("cebe", "CeBe"),
    cm.text("comercial", "Comercial"),
    curveColumn(cm, setCurve, (row) => row),
  ], []);
  const yColumns = useCallback((cur: Currency) => [
    cy.integer("ranking", "Ranking"),
    cy.text("code", "Cod Contrato"),
    cy.text("denominacion", "Den Contrato"),
    cy.area("area", "Area"),
    // Anual por M2 shows amounts per m2 in the contracts' currency.
    ...Array.from({ length: shown }, (_, i) => cy.money(`m${i + 1}`, MONTHS[i], cur)),
    cy.money("total", "Total", cur),
    curveColumn(cy, setCurve, (row) => row),
  ], [shown]);
  // The rows of the 'Tipo' shown (another 'Tipo''s rows, still on screen while its own compute, are not).
  const monthlyRows = r.data && "monthly" in r.data ? r.data.monthly : undefined;
  const yearlyRows = r.data && "yearly" in r.data ? r.data.yearly : undefined;
  const table = <R extends CurrencyRow>(columns: (cur: Currency) => Column<R>[], rows: R[] | undefined) => (
    <CurrencyTables title={title} columns={columns} data={rows} pageSize={8} loading={!rows} />
  );
  return (
    <>
      {monthly ? table(mColumns, monthlyRows) : table(yColumns, yearlyRows)}
      <ContractCurvePanel
        contract={curve}
        year={f.year}
        comparisonYear={f.year - 1}
        month={monthly ? f.month : null}
        partitions={[...new Set([...partitions, ...rankPartitions(f.mall, f.year - 1)])]}
        onClose={() => setCurve(null)}
      />
    </>
  );
}
