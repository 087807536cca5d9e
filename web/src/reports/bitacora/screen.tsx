// Bitácora de Eventos (spec 2: Centro administrativo): mall ('Todas' to view), a window within the last 6
// days up to today (start not after end, checked by the server too), the window's accumulated sales, an
// area chart of daily sales with the logged events marked, the events, and 'Agregar Evento' for one mall.

import { useQuery } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { useMemo, useState } from "react";
import { EVENT_WINDOW_DAYS, type EventRow, WINDOW_ORDER, WINDOW_RANGE } from "#contract/events.ts";
import { columnsOf } from "../../components/data-table/columns.ts";
import { DataTable } from "../../components/data-table/data-table.tsx";
import { eventsQuery } from "../../features/events/api.ts";
import { formatDate, formatMoney } from "../../lib/format.ts";
import type { Base } from "../shared/base.ts";
import { addDays, type Span } from "../shared/dates.ts";
import { EventChart, eventMark } from "../shared/event-chart.tsx";
import { type Bound, MallFilter } from "../shared/controls.tsx";
import { DatePicker } from "../shared/filters.tsx";
import { defineReport, type ReportContext, ReportScreen } from "../shared/report-screen.tsx";
import { AddEventDialog } from "./add-event-dialog.tsx";
import { bitacoraPartitions, chartDays, dailySalesSql, type DayRow } from "./report.ts";
import type { BitacoraSearch } from "./search.ts";
import { Section } from "../shared/section.tsx";

const dm = (s: string) => `${s.slice(8, 10)}/${s.slice(5, 7)}`;

/** The filters of the screen: the mall (0 for 'Todas') and the window. */
interface Filters extends Span {
  mall: number;
}

/** The mall and window of the URL's search, within the six days. */
function filtersOf(base: Base, s: BitacoraSearch): Filters {
  const first = addDays(base.today, -(EVENT_WINDOW_DAYS - 1));
  const inWindow = (d?: string) => !!d && d >= first && d <= base.today;
  const start = inWindow(s.fechaInicio) ? s.fechaInicio! : first;
  const end = inWindow(s.fechaFin) && s.fechaFin! >= start ? s.fechaFin! : base.today;
  const mall = [0, ...base.mallIds].includes(s.unidadEconomicaId) ? s.unidadEconomicaId : 3;
  return { mall, start, end };
}

const ec = columnsOf<EventRow>();
const EVENT_COLUMNS = [
  ec.date("fecha", "Fecha"),
  ec.text("evento", "Evento"),
  ec.text("unidadEconomica", "Mall"),
  ec.text("registradoPor", "Registrado por"),
  ec.dateTime("registradoEl", "Registrado el"),
];

/** The mall's (or every mall's) sales per day of the window. */
const salesReport = (base: Base, f: Filters) => ({
  name: "bitacora",
  partitions: bitacoraPartitions(base.mallIds, f.mall, f),
  statements: { days: dailySalesSql(f.mall, { start: f.start, end: f.end }) },
  select: (x: { days: DayRow[] }) => x.days,
});

/**
 * The window with one end moved a day, the end first, at most three: each calendar opens on its date, so
 * the day beside it is the nearest pick, and today (no sales yet as a rule) is the end most often taken
 * back. Only windows the screen accepts: within the six days, start not after end. Never another mall: none
 * is more likely than another, and but for 'Todas' its partitions are not loaded.
 */
function windowSteps(w: Span, first: string, today: string): Span[] {
  return [
    { start: w.start, end: addDays(w.end, -1) },
    { start: addDays(w.start, 1), end: w.end },
    { start: w.start, end: addDays(w.end, 1) },
    { start: addDays(w.start, -1), end: w.end },
  ].filter((x) => x.start >= first && x.end <= today && x.start <= x.end).slice(0, 3);
}

export const bitacora = defineReport({
  filters: filtersOf,
  urlNames: { mall: "unidadEconomicaId", start: "fechaInicio", end: "fechaFin" },
  report: salesReport,
  next: (base, f) => windowSteps(f, addDays(base.today, -(EVENT_WINDOW_DAYS - 1)), base.today),
  controls: (b) => <BitacoraControls {...b} />,
  headline: (data, f) => {
    const [total, totalUsd] = totalsOf(data);
    return {
      id: "bitacora-total",
      title: `Venta acumulada del ${formatDate(f.start)} al ${formatDate(f.end)}`,
      value: formatMoney(total),
      detail: totalUsd ? `contratos en dólares ${formatMoney(totalUsd, "$")} (aparte)` : undefined,
    };
  },
  View: (ctx) => <BitacoraView {...ctx} />,
});

/** /bitacoraEventos. */
export const BitacoraPage = () => <ReportScreen report={bitacora} />;

/** The window's sales in soles and, apart, in dollars. */
const totalsOf = (days: DayRow[] | undefined) =>
  (days ?? []).reduce(([pen, usd], d) => [pen + d.venta, usd + d.venta_usd], [0, 0]);

/** Mall, the window's two days (their error under the second) and, for one mall, 'Agregar Evento'. */
function BitacoraControls(props: Bound<Filters>) {
  const { base, filters: { mall, start, end }, change } = props;
  const first = addDays(base.today, -(EVENT_WINDOW_DAYS - 1));
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const pick = (which: "start" | "end", v: string) => {
    const a = which === "start" ? v : start, b = which === "end" ? v : end;
    if (a < first || b > base.today) return setRangeError(WINDOW_RANGE);
    if (a > b) return setRangeError(WINDOW_ORDER);
    setRangeError(null);
    change({ start: a, end: b });
  };
  const day = (which: "start" | "end", id: string, label: string) => (
    <DatePicker
      id={id}
      label={label}
      value={which === "start" ? start : end}
      min={first}
      max={base.today}
      onChange={(d) => pick(which, d)}
    >
      {which === "end" && rangeError && <small className="filter-error" role="alert">{rangeError}</small>}
    </DatePicker>
  );
  return (
    <>
      <MallFilter {...props} all />
      {day("start", "fecha-inicio", "Fecha inicio")}
      {day("end", "fecha-fin", "Fecha fin")}
      {mall !== 0 && (
        <div className="filter">
          <Button type="button" label="Agregar Evento" icon="pi pi-plus" onClick={() => setAdding(true)} />
        </div>
      )}
      {adding && (
        <AddEventDialog
          mall={mall}
          mallName={base.malls.find((m) => m.id === mall)?.name ?? ""}
          today={base.today}
          onClose={() => setAdding(false)}
        />
      )}
    </>
  );
}

function BitacoraView(props: ReportContext<BitacoraSearch, Filters, DayRow[]>) {
  const { filters: { mall, start, end }, report: r } = props;
  const events = useQuery(eventsQuery(mall, start, end));
  const totalUsd = useMemo(() => totalsOf(r.data)[1], [r.data]);
  // The chart's figures stop at the last day with closings (today has none yet: not a drop to S/ 0); its days
  // go on to the last event's, so that an event logged today is marked.
  const chartData = useMemo(
    () =>
      chartDays(r.data ?? [], (events.data?.eventos ?? []).map((e) => e.fecha))
        .map((d) => ({ x: dm(d.fecha), venta: d.venta })),
    [r.data, events.data],
  );
  const marks = useMemo(
    () => (events.data?.eventos ?? []).map((e) => eventMark(e, dm(e.fecha), mall)),
    [events.data, mall],
  );
  return (
    <>
      <Section id="bitacora-chart" heading="Venta diaria y eventos">
        <EventChart
          title="Venta diaria"
          kind="area"
          data={chartData}
          series={[{ key: "venta", label: "Venta S/", color: "#002e98" }]}
          marks={marks}
          format={(v) => (v == null ? "—" : formatMoney(v))}
          currency="S/"
        />
        {totalUsd > 0 && (
          <p className="muted" data-testid="bitacora-chart-currency">
            En soles; no incluye los contratos en dólares ({formatMoney(totalUsd, "$")} en el periodo).
          </p>
        )}
      </Section>
      <div className="card">
        <DataTable
          title="Eventos registrados"
          columns={EVENT_COLUMNS}
          data={events.data?.eventos}
          loading={events.isLoading}
          pageSize={8}
          emptyMessage="No se encontraron registros"
        />
      </div>
    </>
  );
}
