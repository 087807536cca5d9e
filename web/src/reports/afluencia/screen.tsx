// The four traffic reports (spec 2: Afluencia): filters (mall, closing month or report year, comparison
// year, the zone for pedestrians; the fortnight for the daily ones), the chart of both years with the logged
// events marked, the table (15 rows a page) and its Excel export, the no-data warnings.

import { type QueryClient, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import type { EventRow } from "../../../../contract/events.ts";
import type { Catalog } from "../../../../contract/extracts.ts";
import { startReport, useReport } from "../../analytics/use-report.ts";
import { type Column, columnsOf } from "../../components/data-table/columns.ts";
import { marksQuery } from "../../features/events/api.ts";
import { formatDate, formatInteger } from "../../lib/format.ts";
import { type Base, withBase } from "../shared/base.ts";
import { addDays, MONTHS, MONTHS_SHORT, monthSpan, parts } from "../shared/dates.ts";
import { EventChart, type EventMark } from "../shared/event-chart.tsx";
import { lastSixYears, MallSelect, MonthPicker, OptionSelect, YearPicker } from "../shared/filters.tsx";
import { ReportFrame, ReportPage } from "../shared/frame.tsx";
import { PivotTable } from "../shared/pivot-table.tsx";
import { monthSteps, yearSteps } from "../shared/next.ts";
import { defaultComparison } from "../ranking-mall/screen.tsx";
import { nearestYear, type NoDataWarning } from "../shared/report-states.tsx";
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
import { TRAFFIC_TITLES, type TrafficPeriod } from "./titles.ts";
import { type Fortnight, fortnightLabel, fortnightSpan } from "./fortnight.ts";
import { FortnightSelect } from "./fortnight-select.tsx";
import { startsOnFilterChange } from "../shared/report-route.ts";
import { getRouteApi } from "@tanstack/react-router";

/** The route's search params (validated by the route file). */
export interface TrafficSearch {
  unidadEconomicaId: number;
  anio?: number;
  mes?: number;
  anioComparativo?: number;
  zona: Zone;
  /** Diaria only: the fortnight (absent: the whole month). */
  quincena?: Fortnight;
}

const WEEKDAYS = ["Dom", "Lun", "Mar", "Mié", "Jue", "Vie", "Sáb"];
const weekday = (d: string) => WEEKDAYS[new Date(`${d}T00:00:00Z`).getUTCDay()];
const dayLabel = (d: string | null) => (d ? `${weekday(d)} ${formatDate(d)}` : "—");
const dmy = (d: string) => formatDate(d);
/** Comparison years: 2017 to the current year, newest first (spec 2 section 5). */
const comparisonYears = (today: string) => {
  const y = Number(today.slice(0, 4));
  return Array.from({ length: y - 2016 }, (_, i) => y - i);
};

interface Filters {
  mall: number;
  year: number;
  month: number;
  cmpYear: number;
  zone: Zone;
  fortnight: Fortnight;
}

/** The filters of the URL's search with the defaults from the base. */
function filtersOf(base: Base, period: TrafficPeriod, s: TrafficSearch): Filters {
  const [yy, ym] = parts(addDays(base.today, -1));
  const years = period === "mensual" ? lastSixYears(base.today) : comparisonYears(base.today);
  const year = s.anio && years.includes(s.anio) ? s.anio : yy;
  // The month: the one asked (not after yesterday's), else the month of yesterday in that year (December
  // for a past year).
  const month = s.mes && year * 12 + s.mes <= yy * 12 + ym ? s.mes : year === yy ? ym : 12;
  const cmpYears = comparisonYears(base.today);
  // The comparison year asked, else the stored global one when earlier than the report year, else the
  // year before (issue 14; docs/metrics.md).
  const cmpYear = s.anioComparativo && cmpYears.includes(s.anioComparativo)
    ? s.anioComparativo
    : defaultComparison(base, year);
  const mall = [0, ...base.malls.map((m) => m.id)].includes(s.unidadEconomicaId) ? s.unidadEconomicaId : 3;
  const fortnight = period === "diaria" ? s.quincena ?? 0 : 0;
  return { mall, year, month, cmpYear, zone: zoneFor(mall, s.zona) ?? "Perimetro", fortnight };
}

/** The page of one of the four reports: defaults from the base, then the screen. */
export function TrafficPage(props: {
  kind: TrafficKind;
  period: TrafficPeriod;
  search: TrafficSearch;
  onSearch: (next: Partial<TrafficSearch>) => void;
}) {
  const s = props.search;
  return (
    <ReportPage
      prefetch={(b) => {
        const y = s.anio ?? parts(addDays(b.today, -1))[0];
        return trafficPartitions(props.kind, [y, s.anioComparativo ?? y - 1]);
      }}
    >
      {(base) => (
        <TrafficScreen
          kind={props.kind}
          period={props.period}
          base={base}
          filters={filtersOf(base, props.period, s)}
          at={(n) => filtersOf(base, props.period, { ...s, ...n })}
          onChange={props.onSearch}
        />
      )}
    </ReportPage>
  );
}

const OASIS_ZONES: { value: Zone; label: string }[] = [
  { value: "Perimetro", label: "Perimetro" },
  { value: "Oasis", label: "Oasis" },
];
const PERIMETER: { value: Zone; label: string }[] = [{ value: "Perimetro", label: "Perimetro" }];

function ZoneSelect(props: { mall: number; zone: Zone; onChange: (z: Zone) => void }) {
  return (
    <OptionSelect
      id="zona"
      label="Zona"
      value={props.zone}
      options={props.mall === OASIS_MALL ? OASIS_ZONES : PERIMETER}
      disabled={props.mall !== OASIS_MALL}
      onChange={props.onChange}
    />
  );
}

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
        .map((e: EventRow) => ({
          x: toX(e.fecha),
          label: `${dmy(e.fecha)} · ${e.evento}${mall === 0 ? ` · ${e.unidadEconomica}` : ""}`,
        })),
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
): Partial<TrafficSearch>[] {
  const steps: Partial<TrafficSearch>[] = period === "diaria"
    ? monthSteps(f, base.today).map((n) => ({ anio: n.year, mes: n.month }))
    : yearSteps(f.year, lastSixYears(base.today), { forward: true }).map((anio) => ({ anio }));
  const zone = kind === "peatonal" && f.mall === OASIS_MALL
    ? [{ zona: f.zone === "Oasis" ? "Perimetro" as const : "Oasis" as const }]
    : [];
  return [...steps, ...zone];
}

/** The key both reports share: the report, the filters it reads (the month for Diaria only). */
const keyOf = (kind: TrafficKind, period: TrafficPeriod, base: Base, f: Filters) => [
  TRAFFIC_TITLES[period][kind],
  base.today,
  f.mall,
  zoneFor(f.mall, f.zone),
  f.year,
  period === "diaria" ? f.month : 0,
  f.cmpYear,
  f.fortnight,
];

const partitionsOf = (kind: TrafficKind, period: TrafficPeriod, f: Filters) =>
  trafficPartitions(
    kind,
    period === "diaria" ? dailyYears(dailyPlan(f.year, f.month, f.cmpYear)) : [f.year, f.cmpYear],
  );

/** The days of the closing month against the comparison year's same days and weekdays. */
const dailyReport = (kind: TrafficKind, period: TrafficPeriod, base: Base, f: Filters) => ({
  key: ["traffic-daily", ...keyOf(kind, period, base, f)],
  partitions: partitionsOf(kind, period, f),
  statements: { rows: dailySql(kind, { ...f, today: base.today }) },
  select: (r: { rows: DailyRow[] }, cat: Catalog) => ({ rows: r.rows, years: trafficYears(cat, kind) }),
});

/** The months of the report year against the comparison year's. */
const monthlyReport = (kind: TrafficKind, period: TrafficPeriod, base: Base, f: Filters) => ({
  key: ["traffic-monthly", ...keyOf(kind, period, base, f)],
  partitions: partitionsOf(kind, period, f),
  statements: { rows: monthlySql(kind, { ...f, today: base.today }) },
  select: (r: { rows: MonthlyRow[] }, cat: Catalog) => ({ rows: r.rows, years: trafficYears(cat, kind) }),
});

/**
 * A filter change (the route's beforeLoad): the table of the new filters starts before the screen is drawn,
 * the daily one for Diaria, the monthly one for Mensual (the screen's only report that runs).
 */
const startTraffic = (
  client: QueryClient,
  kind: TrafficKind,
  period: TrafficPeriod,
  s: TrafficSearch,
) =>
  withBase(client, (base) => {
    const f = filtersOf(base, period, s);
    if (period === "diaria") startReport(client, dailyReport(kind, period, base, f));
    else startReport(client, monthlyReport(kind, period, base, f));
  });

// The four routes' filter changes (each route's search is a TrafficSearch).
const ROUTES = [
  ["/_app/Reportes/AfluenciaDiariaPeatonal", "peatonal", "diaria"],
  ["/_app/Reportes/AfluenciaDiariaParking", "parking", "diaria"],
  ["/_app/Reportes/AfluenciaMensualPeatonal", "peatonal", "mensual"],
  ["/_app/Reportes/AfluenciaMensualParking", "parking", "mensual"],
] as const;
for (const [id, kind, period] of ROUTES) {
  startsOnFilterChange(getRouteApi(id), (client, s) => startTraffic(client, kind, period, s));
}

const c = columnsOf<DailyRow>();
const cm = columnsOf<MonthlyRow>();

function TrafficScreen(props: {
  kind: TrafficKind;
  period: TrafficPeriod;
  base: Base;
  filters: Filters;
  /** The filters a change of the search leads to (the URL's other params kept): those computed ahead. */
  at: (change: Partial<TrafficSearch>) => Filters;
  onChange: (next: Partial<TrafficSearch>) => void;
}) {
  const { kind, period, base, filters: f } = props;
  const daily = period === "diaria";
  const title = TRAFFIC_TITLES[period][kind];
  const what = kind === "peatonal" ? "Afluencia" : "Vehículos";
  const zone = zoneFor(f.mall, f.zone);
  const key = keyOf(kind, period, base, f);
  const next = () => nextSearches(kind, period, base, f).map((n) => props.at(n));
  const dr = useReport({
    ...dailyReport(kind, period, base, f),
    enabled: daily,
    next: () => next().map((n) => dailyReport(kind, period, base, n)),
  });
  const mr = useReport({
    ...monthlyReport(kind, period, base, f),
    enabled: !daily,
    next: () => next().map((n) => monthlyReport(kind, period, base, n)),
  });
  const r = daily ? dr : mr;
  const span = daily
    ? fortnightSpan(monthSpan(f.year, f.month), f.fortnight)
    : { start: `${f.year}-01-01`, end: `${f.year}-12-31` };
  const marks = useMarks(
    f.mall,
    span,
    (d) => (daily ? d.slice(8, 10) : MONTHS_SHORT[Number(d.slice(5, 7)) - 1]),
  );

  const [dRows, dTotal] = useMemo(
    () => [dr.data?.rows.filter((x) => !x.is_total), dr.data?.rows.find((x) => x.is_total) ?? null] as const,
    [dr.data],
  );
  const [mRows, mTotal] = useMemo(
    () => [mr.data?.rows.filter((x) => !x.is_total), mr.data?.rows.find((x) => x.is_total) ?? null] as const,
    [mr.data],
  );
  const y = String(f.year), y1 = String(f.cmpYear);
  const dColumns = useMemo((): Column<DailyRow>[] => [
    c.mapped("fecha", "Fecha", (v) => (v ? dayLabel(v as string) : "Total")),
    c.integer("actual", `${what} ${y}`),
    c.integer("calendario", `Mismo día ${y1}`),
    c.percent("var_calendario", "Var. %"),
    c.mapped("fecha_semana", `Día de semana ${y1}`, (v) => (v ? dayLabel(v as string) : "")),
    c.integer("semana", `${what} día de semana ${y1}`),
    c.percent("var_semana", "Var. % día de semana"),
  ], [what, y, y1]);
  const mColumns = useMemo((): Column<MonthlyRow>[] => [
    cm.mapped("mes", "Mes", (v) => (v ? MONTHS[(v as number) - 1] : "Total")),
    cm.integer("actual", `${what} ${y}`),
    cm.integer("comparado", `${what} ${y1}`),
    cm.percent("variacion", "Var. %"),
    cm.integer("acumulado", `Acumulado ${y}`),
    cm.integer("acumulado_comparado", `Acumulado ${y1}`),
    cm.percent("var_acumulado", "Var. % acumulado"),
  ], [what, y, y1]);

  const chartData = useMemo(
    () =>
      daily
        ? (dRows ?? []).map((x) => ({
          x: String(x.dia).padStart(2, "0"),
          actual: x.actual,
          pasado: x.calendario,
        }))
        : (mRows ?? []).map((x) => ({
          x: MONTHS_SHORT[(x.mes ?? 1) - 1],
          actual: x.actual,
          pasado: x.comparado,
        })),
    [
      daily,
      dRows,
      mRows,
    ],
  );

  // The warnings: nothing in the month (or year), or nothing in the comparison year.
  const total = daily ? dTotal?.actual : mTotal?.actual;
  const cmpTotal = daily ? dTotal?.calendario ?? dTotal?.semana : mTotal?.comparado;
  const withData = r.data?.years ?? [];
  const warningKey = key.join("|");
  const [closed, setClosed] = useState<string | null>(null);
  useEffect(() => setClosed(null), [warningKey]);
  let warning: NoDataWarning | null = null;
  if (r.data && !r.pending && closed !== warningKey) {
    if (total == null) {
      warning = {
        message: daily
          ? "El mes seleccionado no tiene data registrada."
          : `El año ${f.year} no tiene datos registrados.`,
      };
    } else if (cmpTotal == null && !withData.includes(f.cmpYear)) {
      const near = nearestYear(f.cmpYear, withData.filter((x) => x !== f.year));
      warning = {
        message: `El año ${f.cmpYear} no tiene datos registrados.`,
        detail: near ? `Se encontro datos en el año ${near}` : undefined,
        onAccept: near ? () => props.onChange({ anioComparativo: near }) : undefined,
      };
    }
  }

  // Drawn again only when a filter's value changes, not when the figures arrive.
  const filters = useMemo(() => (
    <>
      <MallSelect
        id="mall"
        value={f.mall}
        malls={base.malls}
        all
        // Another mall than Santa Anita has no Oasis: the zone goes back to Perimetro.
        onChange={(mall) =>
          props.onChange({ unidadEconomicaId: mall, ...(mall !== OASIS_MALL ? { zona: "Perimetro" } : {}) })}
      />
      {daily
        ? (
          <MonthPicker
            id="mes"
            label="Mes de cierre"
            year={f.year}
            month={f.month}
            today={addDays(base.today, -1)}
            onChange={(anio, mes) => props.onChange({ anio, mes })}
          />
        )
        : (
          <YearPicker
            id="anio"
            label="Año de reporte"
            value={f.year}
            years={lastSixYears(base.today)}
            onChange={(anio) => props.onChange({ anio })}
          />
        )}
      {daily && <FortnightSelect value={f.fortnight} onChange={(quincena) => props.onChange({ quincena })} />}
      <YearPicker
        id="anio-comparativo"
        label="Año comparativo"
        value={f.cmpYear}
        years={comparisonYears(base.today)}
        onChange={(anioComparativo) => props.onChange({ anioComparativo })}
      />
      {kind === "peatonal" && f.mall !== 0 && (
        <ZoneSelect
          mall={f.mall}
          zone={f.zone}
          onChange={(zona) => props.onChange({ zona })}
        />
      )}
    </>
  ), [f, base, daily, kind, props.onChange]);
  const mallName = f.mall === 0 ? "Todos los malls" : base.malls.find((m) => m.id === f.mall)?.name ?? "";
  const periodName = daily
    ? `${MONTHS[f.month - 1]} ${f.year}${f.fortnight ? ` · ${fortnightLabel(f.fortnight)}` : ""}`
    : String(f.year);
  return (
    <ReportFrame
      filters={filters}
      progress={r.progress}
      pending={r.pending}
      failed={!!r.error}
      headline={{
        id: "traffic-total",
        title: `${title} · ${mallName}${zone ? ` · ${zone}` : ""} · ${periodName}`,
        value: formatInteger(total),
        detail: daily
          ? `Total de los días registrados ${f.fortnight ? "de la quincena" : "del mes"}`
          : "Acumulado del año",
      }}
      warning={warning}
      onWarningClose={() => setClosed(warningKey)}
    >
      <section className="card" aria-labelledby="traffic-chart">
        <div className="card-head">
          <h2 id="traffic-chart">{what} {y} vs {y1}</h2>
        </div>
        <EventChart
          title={`${title} ${y} y ${y1}`}
          data={chartData}
          series={[
            { key: "actual", label: y, color: "#002e98" },
            { key: "pasado", label: y1, color: "#f28c28" },
          ]}
          marks={marks}
        />
      </section>
      <div className="card">
        {daily
          ? (
            <PivotTable
              title={title}
              columns={dColumns}
              rows={dRows}
              totals={dTotal}
              pageSize={15}
              loading={!dr.data}
            />
          )
          : (
            <PivotTable
              title={title}
              columns={mColumns}
              rows={mRows}
              totals={mTotal}
              pageSize={12}
              loading={!mr.data}
            />
          )}
      </div>
    </ReportFrame>
  );
}
