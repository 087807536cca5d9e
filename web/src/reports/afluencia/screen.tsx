// The four traffic reports (spec 2: Afluencia): filters (mall, closing month or report year, comparison
// year, the zone for pedestrians; the fortnight for the daily ones), the chart of both years with the logged
// events marked, the table (15 rows a page) and its Excel export, the no-data warnings. One definition per
// period (Diaria: days of a month; Mensual: months of a year), each for pedestrians or vehicles.

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { EventRow } from "#contract/events.ts";
import type { Statement } from "../../analytics/connector.ts";
import type { Catalog } from "#contract/extracts.ts";
import { type Column, columnsOf } from "../../components/data-table/columns.ts";
import { marksQuery } from "../../features/events/api.ts";
import { formatDate, formatInteger } from "../../lib/format.ts";
import type { Base } from "../shared/base.ts";
import { addDays, monthOfYear, MONTHS, MONTHS_SHORT, monthSpan, parts } from "../shared/dates.ts";
import { EventChart, type EventMark, eventMark } from "../shared/event-chart.tsx";
import { type Bound, ComparisonYearFilter, MallFilter, OptionFilter } from "../shared/controls.tsx";
import { labelled } from "../shared/filters.tsx";
import { TotalsTable } from "../shared/totals-table.tsx";
import { monthSteps, yearSteps } from "../shared/next.ts";
import { defineReport, type NoData, type ReportContext, ReportScreen } from "../shared/report-screen.tsx";
import { MonthOrYearPicker } from "../shared/period-picker.tsx";
import { comparisonYears, defaultComparison, lastSixYears } from "../shared/years.ts";
import { yearSeries } from "../shared/year-series.ts";
import {
  dailyPlan,
  type DailyRow,
  dailySql,
  dailyYears,
  type MonthlyRow,
  monthlySql,
  OASIS_MALL,
  type TrafficKind,
  trafficPartitions,
  trafficYears,
  type Zone,
  zoneFor,
} from "./report.ts";
import type { TrafficSearch } from "./route.ts";
import { type TrafficPeriod, trafficTitle } from "./titles.ts";
import { type Fortnight, fortnightLabel, fortnightSpan } from "./fortnight.ts";
import { FortnightSelect } from "./fortnight-select.tsx";
import { Section } from "../shared/section.tsx";

const WEEKDAYS = ["Dom", "Lun", "Mar", "Mié", "Jue", "Vie", "Sáb"];
const weekday = (d: string) => WEEKDAYS[new Date(`${d}T00:00:00Z`).getUTCDay()];
const dayLabel = (d: string | null) => (d ? `${weekday(d)} ${formatDate(d)}` : "—");
interface Filters {
  mall: number;
  year: number;
  month: number;
  comparisonYear: number;
  zone: Zone;
  fortnight: Fortnight;
}

/** The filters of the URL's search with the defaults from the base. */
const filtersOf = (period: TrafficPeriod) => (base: Base, s: TrafficSearch): Filters => {
  const [yy] = parts(addDays(base.today, -1));
  const years = period === "mensual" ? lastSixYears(base.today) : comparisonYears(base.today);
  const year = s.anio && years.includes(s.anio) ? s.anio : yy;
  // The month: the one asked (not after yesterday's), else the month of yesterday in that year (December
  // for a past year).
  const month = monthOfYear(base.today, year, s.mes);
  // The comparison year asked, else the stored global one when earlier than the report year, else the
  // year before (issue 14; docs/metrics.md).
  const comparisonYear = s.anioComparativo && comparisonYears(base.today).includes(s.anioComparativo)
    ? s.anioComparativo
    : defaultComparison(base, year);
  const mall = [0, ...base.mallIds].includes(s.unidadEconomicaId) ? s.unidadEconomicaId : 3;
  const fortnight = period === "diaria" ? s.quincena ?? 0 : 0;
  return { mall, year, month, comparisonYear, zone: zoneFor(mall, s.zona) ?? "Perimetro", fortnight };
};

/** The URL's names of the filters. */
const urlNames = {
  mall: "unidadEconomicaId",
  year: "anio",
  month: "mes",
  comparisonYear: "anioComparativo",
  zone: "zona",
  fortnight: "quincena",
} as const;

const OASIS_ZONES = labelled<Zone>("Perimetro", "Oasis");
const PERIMETER = labelled<Zone>("Perimetro");

function useMarks(
  mall: number,
  span: { start: string; end: string },
  toX: (day: string) => string,
): EventMark[] {
  // The year's events of every mall in one call (a few dozen), picked here: another month or mall of the
  // same year asks the server nothing.
  const year = span.start.slice(0, 4);
  const q = useQuery(marksQuery(0, `${year}-01-01`, `${year}-12-31`));
  return useMemo(
    () =>
      (q.data ?? [])
        .filter((e: EventRow) =>
          (mall === 0 || e.unidadEconomicaId === mall) && e.fecha >= span.start && e.fecha <= span.end
        )
        .map((e: EventRow) => eventMark(e, toX(e.fecha), mall)),
    [q.data, mall, span.start, span.end],
  );
}

/**
 * The filters a person most likely picks next: the month (Diaria) or report year (Mensual) after and before,
 * then the other pedestrian zone of Santa Anita (the default mall, the only one with two). No other mall,
 * although the partitions hold them all: a mall is picked from a list, none more likely than another.
 */
function nextSearches(
  kind: TrafficKind,
  period: TrafficPeriod,
  base: Base,
  f: Filters,
): Partial<Filters>[] {
  const steps: Partial<Filters>[] = period === "diaria"
    ? monthSteps(f, base.today)
    : yearSteps(f.year, lastSixYears(base.today), { forward: true }).map((year) => ({ year }));
  const zone = kind === "peatonal" && f.mall === OASIS_MALL
    ? [{ zone: f.zone === "Oasis" ? "Perimetro" as const : "Oasis" as const }]
    : [];
  return [...steps, ...zone];
}

/** What the report reads: the filters and today. */
const reportFilters = (base: Base, f: Filters) => ({ ...f, today: base.today });

const partitionsOf = (kind: TrafficKind, period: TrafficPeriod, f: Filters) =>
  trafficPartitions(
    kind,
    period === "diaria"
      ? dailyYears(dailyPlan(f.year, f.month, f.comparisonYear))
      : [f.year, f.comparisonYear],
  );

/** What both periods share: the URL⇄filters mapping, the prefetch, the next filters. */
const common = (kind: TrafficKind, period: TrafficPeriod) => ({
  filters: filtersOf(period),
  urlNames,
  prefetch: (b: { today: string }, s: TrafficSearch) => {
    const y = s.anio ?? parts(addDays(b.today, -1))[0];
    return trafficPartitions(kind, [y, s.anioComparativo ?? y - 1]);
  },
  next: (base: Base, f: Filters) => nextSearches(kind, period, base, f),
  controls: (b: Bound<Filters>) => <TrafficControls kind={kind} period={period} {...b} />,
  headline: (
    data: Data<{ is_total: unknown; actual: number | null }> | undefined,
    f: Filters,
    base: Base,
  ) => {
    const daily = period === "diaria", zone = zoneFor(f.mall, f.zone);
    const mallName = f.mall === 0 ? "Todos los malls" : base.malls.find((m) => m.id === f.mall)?.name ?? "";
    const periodName = daily
      ? `${MONTHS[f.month - 1]} ${f.year}${f.fortnight ? ` · ${fortnightLabel(f.fortnight)}` : ""}`
      : String(f.year);
    return {
      id: "traffic-total",
      title: `${trafficTitle(period, kind)} · ${mallName}${zone ? ` · ${zone}` : ""} · ${periodName}`,
      value: formatInteger(data?.rows.find((x) => x.is_total)?.actual),
      detail: daily
        ? `Total de los días registrados ${f.fortnight ? "de la quincena" : "del mes"}`
        : "Acumulado del año",
    };
  },
});

/**
 * What a period is made of: its report (name, statement, comparison figure, empty warning), its columns (named
 * by what is counted and both years), a row's point of the chart, the rows of a page.
 */
interface PeriodShape<R> {
  period: TrafficPeriod;
  /** The report's name and its statement. */
  name: string;
  sql: (kind: TrafficKind, f: Filters & { today: string }) => Statement<R>;
  /** The total's comparison figure (none: the comparison year may have no data). */
  compared: (total: R) => number | null;
  /** The warning when the report period has no figures. */
  empty: (f: Filters) => NoData;
  columns: (what: string, y: string, comparisonYear: string) => Column<R>[];
  point: (row: R) => { x: string; actual: number | null; pasado: number | null };
  pageSize: number;
}

const c = columnsOf<DailyRow>();
const DAILY: PeriodShape<DailyRow> = {
  period: "diaria",
  name: "traffic-daily",
  sql: dailySql,
  compared: (total) => total.calendario ?? total.semana,
  empty: () => ({ period: "month" }),
  columns: (what, y, comparisonYear) => [
    c.mapped("fecha", "Fecha", (v) => (v ? dayLabel(v as string) : "Total")),
    c.integer("actual", `${what} ${y}`),
    c.integer("calendario", `Mismo día ${comparisonYear}`),
    c.percent("var_calendario", "Var. %"),
    c.mapped("fecha_semana", `Día de semana ${comparisonYear}`, (v) => (v ? dayLabel(v as string) : "")),
    c.integer("semana", `${what} día de semana ${comparisonYear}`),
    c.percent("var_semana", "Var. % día de semana"),
  ],
  point: (x) => ({ x: String(x.dia).padStart(2, "0"), actual: x.actual, pasado: x.calendario }),
  pageSize: 15,
};

const cm = columnsOf<MonthlyRow>();
const MONTHLY: PeriodShape<MonthlyRow> = {
  period: "mensual",
  name: "traffic-monthly",
  sql: monthlySql,
  compared: (total) => total.comparado,
  empty: (f) => ({ period: "year", year: f.year }),
  columns: (what, y, comparisonYear) => [
    cm.mapped("mes", "Mes", (v) => (v ? MONTHS[(v as number) - 1] : "Total")),
    cm.integer("actual", `${what} ${y}`),
    cm.integer("comparado", `${what} ${comparisonYear}`),
    cm.percent("variacion", "Var. %"),
    cm.integer("acumulado", `Acumulado ${y}`),
    cm.integer("acumulado_comparado", `Acumulado ${comparisonYear}`),
    cm.percent("var_acumulado", "Var. % acumulado"),
  ],
  point: (x) => ({ x: MONTHS_SHORT[(x.mes ?? 1) - 1], actual: x.actual, pasado: x.comparado }),
  pageSize: 12,
};

/** A traffic report of a period: the days of the closing month against the comparison year's same days and
 * weekdays, or the months of the report year against the comparison year's. */
const traffic = <R extends { is_total: number; actual: number | null }>(
  kind: TrafficKind,
  shape: PeriodShape<R>,
) =>
  defineReport({
    ...common(kind, shape.period),
    report: (base, f) => ({
      name: shape.name,
      partitions: partitionsOf(kind, shape.period, f),
      statements: { rows: shape.sql(kind, reportFilters(base, f)) },
      select: (r: { rows: R[] }, cat: Catalog) => ({ rows: r.rows, years: trafficYears(cat, kind) }),
    }),
    noData: (data, f) => {
      const total = data.rows.find((x) => x.is_total);
      if (total?.actual == null) return shape.empty(f);
      if (shape.compared(total) == null && !data.years.includes(f.comparisonYear)) {
        return { comparisonYear: f.comparisonYear, withData: data.years.filter((x) => x !== f.year) };
      }
      return null;
    },
    View: (ctx) => <TrafficSections kind={kind} shape={shape} {...ctx} />,
  });

/** The four reports, by period and kind (their routes start them on a filter change). */
export const TRAFFIC = {
  diaria: { peatonal: traffic("peatonal", DAILY), parking: traffic("parking", DAILY) },
  mensual: { peatonal: traffic("peatonal", MONTHLY), parking: traffic("parking", MONTHLY) },
};

export const AfluenciaDiariaPeatonalPage = () => <ReportScreen report={TRAFFIC.diaria.peatonal} />;
export const AfluenciaDiariaParkingPage = () => <ReportScreen report={TRAFFIC.diaria.parking} />;
export const AfluenciaMensualPeatonalPage = () => <ReportScreen report={TRAFFIC.mensual.peatonal} />;
export const AfluenciaMensualParkingPage = () => <ReportScreen report={TRAFFIC.mensual.parking} />;

type Data<R> = { rows: R[]; years: number[] };
type ViewProps<R> = ReportContext<TrafficSearch, Filters, Data<R>> & { kind: TrafficKind };

/** The filters of both periods: mall, closing month or report year, fortnight, comparison year, zone. */
function TrafficControls(props: Bound<Filters> & { kind: TrafficKind; period: TrafficPeriod }) {
  const { filters: f, base, change } = props;
  const daily = props.period === "diaria";
  return (
    <>
      {/* Another mall than Santa Anita has no Oasis: the zone goes back to Perimetro. */}
      <MallFilter
        {...props}
        all
        onMall={(mall) => change({ mall, ...(mall !== OASIS_MALL ? { zone: "Perimetro" as const } : {}) })}
      />
      <MonthOrYearPicker
        byMonth={daily}
        labels={{ month: "Mes de cierre", year: "Año de reporte" }}
        year={f.year}
        month={f.month}
        last={addDays(base.today, -1)}
        years={lastSixYears(base.today)}
        onChange={change}
      />
      {daily && <FortnightSelect value={f.fortnight} onChange={(fortnight) => change({ fortnight })} />}
      <ComparisonYearFilter {...props} id="anio-comparativo" />
      {props.kind === "peatonal" && f.mall !== 0 && (
        <OptionFilter
          {...props}
          name="zone"
          id="zona"
          label="Zona"
          options={f.mall === OASIS_MALL ? OASIS_ZONES : PERIMETER}
          disabled={f.mall !== OASIS_MALL}
        />
      )}
    </>
  );
}

/** What both periods draw: the chart of both years with the events, the table. */
function TrafficSections<R extends { is_total: unknown }>(
  props: ViewProps<R> & { shape: PeriodShape<R> },
) {
  const { kind, filters: f } = props, { period } = props.shape;
  const daily = period === "diaria";
  const title = trafficTitle(period, kind);
  const what = kind === "peatonal" ? "Afluencia" : "Vehículos";
  const span = daily
    ? fortnightSpan(monthSpan(f.year, f.month), f.fortnight)
    : { start: `${f.year}-01-01`, end: `${f.year}-12-31` };
  const marks = useMarks(
    f.mall,
    span,
    (d) => (daily ? d.slice(8, 10) : MONTHS_SHORT[Number(d.slice(5, 7)) - 1]),
  );
  const y = String(f.year), comparisonYear = String(f.comparisonYear);
  const { data } = props.report, { shape } = props;
  const rows = useMemo(() => data?.rows.filter((x) => !x.is_total), [data]);
  const columns = useMemo(() => shape.columns(what, y, comparisonYear), [shape, what, y, comparisonYear]);
  const chart = useMemo(() => (rows ?? []).map(shape.point), [shape, rows]);
  return (
    <>
      <Section id="traffic-chart" heading={`${what} ${y} vs ${comparisonYear}`}>
        <EventChart
          title={`${title} ${y} y ${comparisonYear}`}
          data={chart}
          series={yearSeries([y, comparisonYear], ["actual", "pasado"])}
          marks={marks}
        />
      </Section>
      <TotalsTable title={title} columns={columns} data={data?.rows} pageSize={shape.pageSize} />
    </>
  );
}
