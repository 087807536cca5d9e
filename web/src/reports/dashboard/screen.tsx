// The staff Dashboard (/dashboard, spec 2: Centro administrativo): the report year's sales by month against the
// comparison year's, its sales against the sector average, and the traffic and vacancy cards (which do not
// depend on the years).

import { Link } from "@tanstack/react-router";
import { useMemo } from "react";
import { useReport } from "../../analytics/use-report.ts";
import { formatArea, formatDate, formatInteger, formatMoney, formatPercent } from "../../lib/format.ts";
import type { Base } from "../shared/base.ts";
import { ComboChart, type Point } from "../../components/charts/charts.tsx";
import { MONTHS_SHORT } from "../shared/dates.ts";
import { lastSixYears, YearPicker } from "../shared/filters.tsx";
import { ComparisonYearFilter } from "../shared/controls.tsx";
import { yearSteps } from "../shared/next.ts";
import { defineReport, type ReportContext, ReportScreen, useViewReports } from "../shared/report-screen.tsx";
import { useSlowPending } from "../shared/report-states.tsx";
import { YearsChart } from "../shared/years-chart.tsx";
import {
  cardPartitions,
  chartPartitions,
  type SectorRow,
  sectorSql,
  trafficSql,
  vacancySql,
  type YearsRow,
  yearsSql,
} from "./report.ts";
import type { DashboardSearch } from "./search.ts";
import { Section } from "../shared/section.tsx";
import { Kpi } from "../../components/kpi.tsx";

export interface DashboardFilters {
  year: number;
  comparisonYear: number;
}

/** The years of the URL's search, each kept only when the pickers offer it. */
function filtersOf(base: Base, s: DashboardSearch): DashboardFilters {
  const years = lastSixYears(base.today);
  const anio = s.anio && years.includes(s.anio) ? s.anio : years[0];
  const stored = base.comparisonYear;
  const fallback = years.includes(stored) ? stored : anio - 1;
  const anioComparativo = s.anioComparativo && years.includes(s.anioComparativo)
    ? s.anioComparativo
    : fallback;
  return { year: anio, comparisonYear: anioComparativo };
}

function Variation({ value }: { value: number | null }) {
  if (value == null || !Number.isFinite(value)) return <span className="kpi-sub">—</span>;
  return (
    <span className={`kpi-sub ${value >= 0 ? "kpi-up" : "kpi-down"}`}>
      <i className={`pi ${value >= 0 ? "pi-arrow-up" : "pi-arrow-down"}`} aria-hidden="true" />{" "}
      {formatPercent(value)}
    </span>
  );
}

const variation = (a: number | null | undefined, b: number | null | undefined) =>
  typeof a === "number" && typeof b === "number" && b !== 0 ? ((a - b) / b) * 100 : null;

/** The traffic cards: the day against the day before, the year to date against the year before's. */
const TRAFFIC_CARDS = [
  {
    name: "Afluencia del día",
    label: "Hoy (vs. día anterior)",
    testId: "traffic-today",
    value: "hoy",
    before: "ayer",
  },
  {
    name: "Afluencia acumulada del año",
    label: "Acumulado del año (vs. año anterior)",
    testId: "traffic-ytd",
    value: "ytd",
    before: "ytd_anterior",
  },
] as const;

/** What a soles chart leaves out: the dollar contracts' sales of both years, in dollars. */
function UsdChartNote(
  props: { act: number; cmp: number; y2: number; comparisonYear: number; testId: string },
) {
  return (
    <p className="muted" data-testid={props.testId}>
      En soles (S/).{props.act || props.cmp
        ? ` No incluye los contratos en dólares: ${formatMoney(props.act, "$")} en ${props.y2} y ${
          formatMoney(props.cmp, "$")
        } en ${props.comparisonYear}, sumados en los mismos días que el gráfico.`
        : ""}
    </p>
  );
}

/** Chart 1: the report year's months against the comparison year's. */
const yearsReport = (base: Base, f: DashboardFilters) => ({
  name: "dashboard",
  partitions: chartPartitions(base.mallIds, f.year, f.comparisonYear),
  statements: {
    years: yearsSql(f.year, f.comparisonYear, base.today),
    usd: yearsSql(f.year, f.comparisonYear, base.today, "USD"),
  },
  select: (rows: { years: YearsRow[]; usd: YearsRow[] }) => rows,
});

/** Chart 2: the report year's sales and sector average. */
const sectorReport = (base: Base, anio: number) => ({
  name: "dashboard-sector",
  partitions: chartPartitions(base.mallIds, anio, anio),
  statements: { sector: sectorSql(anio, base.today) },
  select: (rows: { sector: SectorRow[] }) => rows.sector,
});

/**
 * The years likely picked next, most likely first and at most three (each costs an idle computation): the
 * comparison year's neighbours (not the report year), then the report year's. A report year stepped onto
 * the comparison year is kept: it is where a person going a year back lands first, and the second chart
 * reads the report year alone. Those years' sales load when the page is idle (the years next to those read).
 */
const steps = (f: DashboardFilters, years: readonly number[]): Partial<DashboardFilters>[] =>
  [
    ...yearSteps(f.comparisonYear, years, { other: f.year }).map((comparisonYear) => ({ comparisonYear })),
    ...yearSteps(f.year, years).map((year) => ({ year })),
  ].slice(0, 3);

export const dashboard = defineReport({
  filters: filtersOf,
  urlNames: { year: "anio", comparisonYear: "anioComparativo" },
  prefetch: (b, s) => {
    // The stored comparison year is not known yet: the year before is the likely one.
    const y = s.anio ?? lastSixYears(b.today)[0];
    return [...chartPartitions(b.mallIds, y, s.anioComparativo ?? y - 1), ...cardPartitions(b.today)];
  },
  // Not the cards: they do not depend on the years.
  report: yearsReport,
  next: (base, f) => steps(f, lastSixYears(base.today)),
  noData: (_data, f, base) =>
    base.salesYears.length > 0 && !base.salesYears.includes(f.comparisonYear)
      ? {
        comparisonYear: f.comparisonYear,
        withData: base.salesYears.filter((x) => lastSixYears(base.today).includes(x)),
      }
      : null,
  controls: (b) => (
    <>
      <YearPicker
        id="anio"
        label="Año reporte"
        value={b.filters.year}
        years={lastSixYears(b.base.today)}
        onChange={(year) => b.change({ year })}
      />
      <ComparisonYearFilter {...b} years={lastSixYears(b.base.today)} />
    </>
  ),
  View: (ctx) => <DashboardView {...ctx} />,
});

/** /dashboard: the staff landing screen. */
export const DashboardPage = () => <ReportScreen report={dashboard} />;

type Data = ReturnType<ReturnType<typeof yearsReport>["select"]>;

function DashboardView(props: ReportContext<DashboardSearch, DashboardFilters, Data>) {
  const { base, filters, report: r } = props;
  const { today } = base;
  const { year, comparisonYear } = filters;
  // The second chart depends on the report year only: a new comparison year does not recompute it, and only
  // the steps of the report year are computed ahead for it.
  const sector = useReport({
    ...sectorReport(base, year),
    next: () => props.ahead().filter((n) => n.year !== year).map((n) => sectorReport(base, n.year)),
  });
  // Traffic and vacancy do not depend on the year pickers: asked once, not on every change.
  const cards = useReport({
    name: "dashboard-cards",
    partitions: cardPartitions(today),
    statements: { traffic: trafficSql(today), vacancy: vacancySql() },
    select: (rows) => rows,
  });

  // The cards fail the screen but do not keep it busy (they do not change with the years).
  useViewReports(props, [sector, cards], [sector]);
  const stale = useSlowPending(r.pending || sector.pending);
  // Same identity for the same figures: on a re-render while figures compute, the memoized charts find the same
  // points at once instead of comparing them by value.
  const yearsData: Point[] = useMemo(() =>
    (r.data?.years ?? []).map((x) => ({
      x: MONTHS_SHORT[x.mes - 1],
      venta_anio2: x.venta_anio2,
      venta_anio1: x.venta_anio1,
    })), [r.data]);
  const sectorData: Point[] = useMemo(() =>
    (sector.data ?? []).map((x) => ({
      x: MONTHS_SHORT[x.mes - 1],
      venta_anio: x.venta_anio,
      venta_promedio_rubro: x.venta_promedio_rubro,
    })), [sector.data]);
  // The dollar contracts' sales of both years, said under the soles charts (never added to them).
  const usd = useMemo(() => {
    const rows = r.data?.usd ?? [];
    const sum = (k: "venta_anio2" | "venta_anio1") => rows.reduce((n, x) => n + (x[k] ?? 0), 0);
    return { act: sum("venta_anio2"), cmp: sum("venta_anio1") };
  }, [r.data]);
  const t = cards.data?.traffic[0];
  return (
    <>
      <div className={`report-grid ${stale ? "report-stale" : ""}`} data-testid="dashboard-charts">
        <YearsChart
          id="chart-years"
          heading={`Venta total por mes: ${year} vs ${comparisonYear}`}
          title={`Venta total por mes ${year} y ${comparisonYear}`}
          data={yearsData}
          labels={[year, comparisonYear]}
          keys={["venta_anio2", "venta_anio1"]}
        >
          <UsdChartNote
            act={usd.act}
            cmp={usd.cmp}
            y2={year}
            comparisonYear={comparisonYear}
            testId="dashboard-usd"
          />
        </YearsChart>
        <Section id="chart-sector" heading={`Promedio por rubro vs venta total ${year}`}>
          <ComboChart
            title={`Promedio por rubro y venta total ${year}`}
            data={sectorData}
            columns={[{ key: "venta_anio", label: "Venta total", color: "#9fb3e6" }]}
            lines={[{ key: "venta_promedio_rubro", label: "Promedio por rubro", color: "#c2185b" }]}
          />
          <p className="muted">En soles (S/); no incluye los contratos en dólares.</p>
        </Section>
      </div>
      <Section
        id="traffic-title"
        heading={`Afluencia peatonal ${t?.fecha ? `al ${formatDate(t.fecha)}` : ""}`}
        aside={
          <div className="card-links">
            {/* The dashboard's year and scope (all malls, as the cards): the traffic reports open on them. */}
            <Link
              to="/Reportes/AfluenciaDiariaPeatonal"
              search={{ unidadEconomicaId: 0, anio: year, anioComparativo: year - 1, zona: "Perimetro" }}
            >
              Detalle diario
            </Link>
            <Link
              to="/Reportes/AfluenciaMensualPeatonal"
              search={{ unidadEconomicaId: 0, anio: year, anioComparativo: year - 1, zona: "Perimetro" }}
            >
              Detalle mensual
            </Link>
          </div>
        }
      >
        <div className="kpi-grid" data-testid="traffic-cards">
          {TRAFFIC_CARDS.map((k) => (
            <Kpi key={k.testId} {...k} value={formatInteger(t?.[k.value])}>
              <Variation value={variation(t?.[k.value], t?.[k.before])} />
            </Kpi>
          ))}
        </div>
      </Section>
      <Section id="vacancy-title" heading={`Vacancy al ${formatDate(today)}`}>
        <div className="kpi-grid" data-testid="vacancy-cards">
          {(cards.data?.vacancy ?? []).map((v) => (
            <Kpi key={v.name} name={`Vacancy ${v.name}`} label={v.name} value={formatPercent(v.vacancy ?? 0)}>
              <div className="kpi-sub">
                {formatArea(v.vacante, "staff")} de {formatArea(v.area, "staff")} m2
              </div>
            </Kpi>
          ))}
        </div>
      </Section>
    </>
  );
}
