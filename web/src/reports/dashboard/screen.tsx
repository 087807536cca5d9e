import type { QueryClient } from "@tanstack/react-query";
import { getRouteApi, Link } from "@tanstack/react-router";
import { useEffect, useMemo, useState } from "react";
import { startReport, useReport } from "../../analytics/use-report.ts";
import { formatArea, formatDate, formatInteger, formatMoney, formatPercent } from "../../lib/format.ts";
import { type Base, withBase } from "../shared/base.ts";
import { ComboChart, LineChart, type Point } from "../../components/charts/charts.tsx";
import { MONTHS_SHORT } from "../shared/dates.ts";
import { lastSixYears, YearPicker } from "../shared/filters.tsx";
import { ReportFrame, ReportPage } from "../shared/frame.tsx";
import { yearSteps } from "../shared/next.ts";
import { nearestYear, type NoDataWarning, useSlowPending } from "../shared/report-states.tsx";
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
import { startsOnFilterChange } from "../shared/report-route.ts";

export interface DashboardFilters {
  anio: number;
  anioComparativo: number;
}

const route = getRouteApi("/_app/dashboard");
type Search = ReturnType<typeof route.useSearch>;

/**
 * The years of the URL's search, each kept only when the pickers offer it (the screen's filters and the early
 * start's).
 */
function filtersOf(s: Search, base: Base): DashboardFilters {
  const years = lastSixYears(base.today);
  const anio = s.anio && years.includes(s.anio) ? s.anio : years[0];
  const stored = base.comparisonYear;
  const fallback = years.includes(stored) ? stored : anio - 1;
  const anioComparativo = s.anioComparativo && years.includes(s.anioComparativo)
    ? s.anioComparativo
    : fallback;
  return { anio, anioComparativo };
}

/** /dashboard: the staff landing screen (spec 2, Centro administrativo). */
export function DashboardPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const prefetch = (b: { today: string; mallIds: number[] }) => {
    // The stored comparison year is not known yet: the year before is the likely one.
    const y = search.anio ?? lastSixYears(b.today)[0];
    return [...chartPartitions(b.mallIds, y, search.anioComparativo ?? y - 1), ...cardPartitions(b.today)];
  };
  return (
    <ReportPage prefetch={prefetch}>
      {(base) => (
        <DashboardScreen
          base={base}
          filters={filtersOf(search, base)}
          onChange={(f) => navigate({ search: f, replace: true })}
        />
      )}
    </ReportPage>
  );
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

/** A traffic figure and its change against the one before. */
function TrafficCard(
  props: { name: string; label: string; testId: string; value?: number | null; before?: number | null },
) {
  return (
    <div className="kpi" aria-label={props.name}>
      <div className="kpi-label">{props.label}</div>
      <div className="kpi-value" data-testid={props.testId}>{formatInteger(props.value)}</div>
      <Variation value={variation(props.value, props.before)} />
    </div>
  );
}

/** What a soles chart leaves out: the dollar contracts' sales of both years, in dollars. */
function UsdChartNote(props: { act: number; cmp: number; y2: number; y1: number; testId: string }) {
  return (
    <p className="muted" data-testid={props.testId}>
      En soles (S/).{props.act || props.cmp
        ? ` No incluye los contratos en dólares: ${formatMoney(props.act, "$")} en ${props.y2} y ${
          formatMoney(props.cmp, "$")
        } en ${props.y1}, sumados en los mismos días que el gráfico.`
        : ""}
    </p>
  );
}

/** Chart 1: the report year's months against the comparison year's. */
const yearsReport = (base: Base, f: DashboardFilters) => ({
  key: ["dashboard", base.today, f.anio, f.anioComparativo],
  partitions: chartPartitions(base.malls.map((m) => m.id), f.anio, f.anioComparativo),
  statements: {
    years: yearsSql(f.anio, f.anioComparativo, base.today),
    usd: yearsSql(f.anio, f.anioComparativo, base.today, "USD"),
  },
  select: (rows: { years: YearsRow[]; usd: YearsRow[] }) => rows,
});

/** Chart 2: the report year's sales and sector average. */
const sectorReport = (base: Base, anio: number) => ({
  key: ["dashboard-sector", base.today, anio],
  partitions: chartPartitions(base.malls.map((m) => m.id), anio, anio),
  statements: { sector: sectorSql(anio, base.today) },
  select: (rows: { sector: SectorRow[] }) => rows.sector,
});

/**
 * A filter change (the route's beforeLoad): both charts of the new years start before the screen is drawn, in
 * the screen's order (the first chart's first). Not the cards: they do not depend on the years.
 */
const startDashboard = (client: QueryClient, s: Search) =>
  withBase(client, (base) => {
    const f = filtersOf(s, base);
    startReport(client, yearsReport(base, f));
    startReport(client, sectorReport(base, f.anio));
  });
startsOnFilterChange(route, startDashboard);

/**
 * The years likely picked next, most likely first and at most three (each costs an idle computation): the
 * comparison year's neighbours (not the report year), then the report year's. A report year stepped onto
 * the comparison year is kept: it is where a person going a year back lands first, and the second chart
 * reads the report year alone. Those years' sales load when the page is idle (the years next to those read).
 */
const steps = (f: DashboardFilters, years: readonly number[]): DashboardFilters[] =>
  [
    ...yearSteps(f.anioComparativo, years, { other: f.anio }).map((y) => ({ ...f, anioComparativo: y })),
    ...yearSteps(f.anio, years).map((y) => ({ ...f, anio: y })),
  ].slice(0, 3);

export function DashboardScreen(
  props: { base: Base; filters: DashboardFilters; onChange: (f: DashboardFilters) => void },
) {
  const { base, filters } = props;
  const { today } = base;
  const { anio, anioComparativo } = filters;
  const next = () => steps(filters, lastSixYears(today));
  const r = useReport({ ...yearsReport(base, filters), next: () => next().map((n) => yearsReport(base, n)) });
  // The second chart depends on the report year only: a new comparison year does not recompute it, and only
  // the steps of the report year are computed ahead for it.
  const sector = useReport({
    ...sectorReport(base, anio),
    next: () => next().filter((n) => n.anio !== anio).map((n) => sectorReport(base, n.anio)),
  });
  // Traffic and vacancy do not depend on the year pickers: asked once, not on every change.
  const cards = useReport({
    key: ["dashboard-cards", today],
    partitions: cardPartitions(today),
    statements: { traffic: trafficSql(today), vacancy: vacancySql() },
    select: (rows) => rows,
  });
  const [warning, setWarning] = useState<NoDataWarning | null>(null);
  useEffect(() => {
    if (base.salesYears.includes(anioComparativo) || base.salesYears.length === 0) return;
    const y = nearestYear(anioComparativo, base.salesYears.filter((x) => lastSixYears(today).includes(x)));
    setWarning({
      message: `El año ${anioComparativo} no tiene datos registrados.`,
      detail: y ? `Se encontro datos en el año ${y}` : undefined,
      onAccept: y ? () => props.onChange({ ...filters, anioComparativo: y }) : undefined,
    });
  }, [anioComparativo, base.salesYears.join(",")]);

  const pending = r.pending || sector.pending;
  const stale = useSlowPending(pending);
  const years = lastSixYears(today);
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
  const filterBar = (
    <>
      <YearPicker
        id="anio"
        label="Año reporte"
        value={anio}
        years={years}
        onChange={(y) => props.onChange({ ...filters, anio: y })}
      />
      <YearPicker
        id="anioComparativo"
        label="Año comparativo"
        value={anioComparativo}
        years={years}
        onChange={(y) => props.onChange({ ...filters, anioComparativo: y })}
      />
    </>
  );
  return (
    <ReportFrame
      filters={filterBar}
      progress={r.progress}
      pending={pending}
      failed={!!(r.error || sector.error || cards.error)}
      warning={warning}
      onWarningClose={() => setWarning(null)}
    >
      <div className={`report-grid ${stale ? "report-stale" : ""}`} data-testid="dashboard-charts">
        <section className="card" aria-labelledby="chart-years">
          <div className="card-head">
            <h2 id="chart-years">Venta total por mes: {anio} vs {anioComparativo}</h2>
          </div>
          <LineChart
            title={`Venta total por mes ${anio} y ${anioComparativo}`}
            data={yearsData}
            series={[
              { key: "venta_anio2", label: String(anio), color: "#002e98" },
              { key: "venta_anio1", label: String(anioComparativo), color: "#f28c28" },
            ]}
          />
          <UsdChartNote act={usd.act} cmp={usd.cmp} y2={anio} y1={anioComparativo} testId="dashboard-usd" />
        </section>
        <section className="card" aria-labelledby="chart-sector">
          <div className="card-head">
            <h2 id="chart-sector">Promedio por rubro vs venta total {anio}</h2>
          </div>
          <ComboChart
            title={`Promedio por rubro y venta total ${anio}`}
            data={sectorData}
            columns={[{ key: "venta_anio", label: "Venta total", color: "#9fb3e6" }]}
            lines={[{ key: "venta_promedio_rubro", label: "Promedio por rubro", color: "#c2185b" }]}
          />
          <p className="muted">En soles (S/); no incluye los contratos en dólares.</p>
        </section>
      </div>
      <section className="card" aria-labelledby="traffic-title">
        <div className="card-head">
          <h2 id="traffic-title">Afluencia peatonal {t?.fecha ? `al ${formatDate(t.fecha)}` : ""}</h2>
          <div className="card-links">
            {/* The dashboard's year and scope (all malls, as the cards): the traffic reports open on them. */}
            <Link
              to="/Reportes/AfluenciaDiariaPeatonal"
              search={{ unidadEconomicaId: 0, anio, anioComparativo: anio - 1, zona: "Perimetro" }}
            >
              Detalle diario
            </Link>
            <Link
              to="/Reportes/AfluenciaMensualPeatonal"
              search={{ unidadEconomicaId: 0, anio, anioComparativo: anio - 1, zona: "Perimetro" }}
            >
              Detalle mensual
            </Link>
          </div>
        </div>
        <div className="kpi-grid" data-testid="traffic-cards">
          <TrafficCard
            name="Afluencia del día"
            label="Hoy (vs. día anterior)"
            testId="traffic-today"
            value={t?.hoy}
            before={t?.ayer}
          />
          <TrafficCard
            name="Afluencia acumulada del año"
            label="Acumulado del año (vs. año anterior)"
            testId="traffic-ytd"
            value={t?.ytd}
            before={t?.ytd_anterior}
          />
        </div>
      </section>
      <section className="card" aria-labelledby="vacancy-title">
        <div className="card-head">
          <h2 id="vacancy-title">Vacancy al {formatDate(today)}</h2>
        </div>
        <div className="kpi-grid" data-testid="vacancy-cards">
          {(cards.data?.vacancy ?? []).map((v) => (
            <div className="kpi" key={v.name} aria-label={`Vacancy ${v.name}`}>
              <div className="kpi-label">{v.name}</div>
              <div className="kpi-value">{formatPercent(v.vacancy ?? 0)}</div>
              <div className="kpi-sub">
                {formatArea(v.vacante, "staff")} de {formatArea(v.area, "staff")} m2
              </div>
            </div>
          ))}
        </div>
      </section>
    </ReportFrame>
  );
}
