// Bitácora de Eventos (spec 2: Centro administrativo): mall ('Todas' to view), a window within the last 6
// days up to today (start not after end, checked by the server too), the window's accumulated sales, an
// area chart of daily sales with the logged events marked, the events, and 'Agregar Evento' for one mall.

import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { Calendar } from "primereact/calendar";
import { Dialog } from "primereact/dialog";
import { InputText } from "primereact/inputtext";
import { type FormEvent, useMemo, useState } from "react";
import {
  EVENT_WINDOW_DAYS,
  eventBody,
  type EventRow,
  WINDOW_ORDER,
  WINDOW_RANGE,
} from "../../../../contract/events.ts";
import { startReport, useReport } from "../../analytics/use-report.ts";
import { columnsOf } from "../../components/data-table/columns.ts";
import { DataTable } from "../../components/data-table/data-table.tsx";
import { fieldAria, FormField } from "../../components/form-field.tsx";
import { addEvent, EVENTS_KEY, eventsQuery } from "../../features/events/api.ts";
import { SavedDialog } from "../../components/dialogs/dialog-frame.tsx";
import { formatDate, formatMoney } from "../../lib/format.ts";
import { type FieldErrors, serverFieldErrors, validate } from "../../lib/forms.ts";
import { type Base, withBase } from "../shared/base.ts";
import { addDays, type Span } from "../shared/dates.ts";
import { EventChart } from "../shared/event-chart.tsx";
import { DatePicker, MallSelect, toDate } from "../shared/filters.tsx";
import { ReportFrame, ReportPage } from "../shared/frame.tsx";
import { bitacoraPartitions, chartDays, dailySalesSql, type DayRow } from "./report.ts";
import { startsOnFilterChange } from "../shared/report-route.ts";

const route = getRouteApi("/_app/bitacoraEventos");

const dm = (s: string) => `${s.slice(8, 10)}/${s.slice(5, 7)}`;
const dmy = (d: Date) =>
  `${String(d.getDate()).padStart(2, "0")}/${String(d.getMonth() + 1).padStart(2, "0")}/${d.getFullYear()}`;

type Search = ReturnType<typeof route.useSearch>;

/** The mall and window of the URL's search, within the six days (the screen's and the early start's). */
function filtersOf(s: Search, base: Base): { mall: number; start: string; end: string } {
  const first = addDays(base.today, -(EVENT_WINDOW_DAYS - 1));
  const inWindow = (d?: string) => !!d && d >= first && d <= base.today;
  const start = inWindow(s.fechaInicio) ? s.fechaInicio! : first;
  const end = inWindow(s.fechaFin) && s.fechaFin! >= start ? s.fechaFin! : base.today;
  const mall = [0, ...base.malls.map((m) => m.id)].includes(s.unidadEconomicaId) ? s.unidadEconomicaId : 3;
  return { mall, start, end };
}

export function BitacoraPage() {
  const s = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <ReportPage
      prefetch={(b) =>
        bitacoraPartitions(b.mallIds, s.unidadEconomicaId, {
          start: addDays(b.today, -(EVENT_WINDOW_DAYS - 1)),
          end: b.today,
        })}
    >
      {(base) => (
        <BitacoraScreen
          base={base}
          {...filtersOf(s, base)}
          onChange={(n) => navigate({ replace: true, search: (old) => ({ ...old, ...n }) })}
        />
      )}
    </ReportPage>
  );
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
const salesReport = (base: Base, mall: number, span: Span) => ({
  key: ["bitacora", base.today, mall, span.start, span.end],
  partitions: bitacoraPartitions(base.malls.map((m) => m.id), mall, span),
  statements: { days: dailySalesSql(mall, span) },
  select: (x: { days: DayRow[] }) => x.days,
});

/** A filter change (the route's beforeLoad): the window's sales start before the screen is drawn. */
const startBitacora = (client: QueryClient, s: Search) =>
  withBase(client, (base) => {
    const f = filtersOf(s, base);
    startReport(client, salesReport(base, f.mall, { start: f.start, end: f.end }));
  });
startsOnFilterChange(route, startBitacora);

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

function BitacoraScreen(props: {
  base: Base;
  mall: number;
  start: string;
  end: string;
  onChange: (n: { unidadEconomicaId?: number; fechaInicio?: string; fechaFin?: string }) => void;
}) {
  const { base, mall, start, end } = props;
  const first = addDays(base.today, -(EVENT_WINDOW_DAYS - 1));
  const span = { start, end };
  const r = useReport({
    ...salesReport(base, mall, span),
    next: () => windowSteps(span, first, base.today).map((w) => salesReport(base, mall, w)),
  });
  const events = useQuery(eventsQuery(mall, start, end));
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [total, totalUsd] = useMemo(
    () => (r.data ?? []).reduce(([pen, usd], d) => [pen + d.venta, usd + d.venta_usd], [0, 0]),
    [r.data],
  );
  // The chart's figures stop at the last day with closings (today has none yet: not a drop to S/ 0); its days
  // go on to the last event's, so that an event logged today is marked.
  const chartData = useMemo(
    () =>
      chartDays(r.data ?? [], (events.data?.eventos ?? []).map((e) => e.fecha))
        .map((d) => ({ x: dm(d.fecha), venta: d.venta })),
    [r.data, events.data],
  );
  const marks = useMemo(
    () =>
      (events.data?.eventos ?? []).map((e) => ({
        x: dm(e.fecha),
        label: `${formatDate(e.fecha)} · ${e.evento}${mall === 0 ? ` · ${e.unidadEconomica}` : ""}`,
      })),
    [events.data, mall],
  );
  const pick = (which: "start" | "end", v: string) => {
    const a = which === "start" ? v : start, b = which === "end" ? v : end;
    if (a < first || b > base.today) return setRangeError(WINDOW_RANGE);
    if (a > b) return setRangeError(WINDOW_ORDER);
    setRangeError(null);
    props.onChange({ fechaInicio: a, fechaFin: b });
  };
  const filters = (
    <>
      <MallSelect
        id="mall"
        value={mall}
        malls={base.malls}
        all
        onChange={(m) => props.onChange({ unidadEconomicaId: m })}
      />
      <DatePicker
        id="fecha-inicio"
        label="Fecha inicio"
        value={start}
        min={first}
        max={base.today}
        onChange={(day) => pick("start", day)}
      />
      <DatePicker
        id="fecha-fin"
        label="Fecha fin"
        value={end}
        min={first}
        max={base.today}
        onChange={(day) => pick("end", day)}
      >
        {rangeError && <small className="filter-error" role="alert">{rangeError}</small>}
      </DatePicker>
      {mall !== 0 && (
        <div className="filter">
          <Button type="button" label="Agregar Evento" icon="pi pi-plus" onClick={() => setAdding(true)} />
        </div>
      )}
    </>
  );
  return (
    <ReportFrame
      filters={filters}
      progress={r.progress}
      pending={r.pending}
      failed={!!r.error}
      headline={{
        id: "bitacora-total",
        title: `Venta acumulada del ${formatDate(start)} al ${formatDate(end)}`,
        value: formatMoney(total),
        detail: totalUsd ? `contratos en dólares ${formatMoney(totalUsd, "$")} (aparte)` : undefined,
      }}
    >
      <section className="card" aria-labelledby="bitacora-chart">
        <div className="card-head">
          <h2 id="bitacora-chart">Venta diaria y eventos</h2>
        </div>
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
      </section>
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
      {adding && (
        <AddEventDialog
          mall={mall}
          mallName={base.malls.find((m) => m.id === mall)?.name ?? ""}
          today={base.today}
          onClose={() => setAdding(false)}
        />
      )}
    </ReportFrame>
  );
}

/** 'Agregar Evento': date (up to today) and name (required); 'Guardado Exitoso' then 'Aceptar' reloads. */
function AddEventDialog(props: { mall: number; mallName: string; today: string; onClose: () => void }) {
  const qc = useQueryClient();
  const [fecha, setFecha] = useState<Date>(toDate(props.today));
  const [evento, setEvento] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: addEvent,
    onSuccess: () => setSaved(true),
    onError: (e) => setErrors(serverFieldErrors(e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { fecha: dmy(fecha), evento, unidadEconomicaId: props.mall };
    const v = validate(eventBody, body);
    if (!v.ok) return setErrors(v.errors);
    setErrors({});
    save.mutate(body);
  };
  const accept = async () => {
    // 'Aceptar' reloads the screen's data: the events (list and marks) are read again.
    await qc.invalidateQueries({ queryKey: EVENTS_KEY });
    props.onClose();
  };
  if (saved) return <SavedDialog visible message="El evento fue registrado." onAccept={accept} />;
  return (
    <Dialog
      visible
      header={`Agregar Evento · ${props.mallName}`}
      onHide={props.onClose}
      style={{ width: "30rem", maxWidth: "94vw" }}
      modal
      draggable={false}
    >
      <form className="dialog-form" onSubmit={submit} noValidate>
        <FormField id="evento-fecha" label="Fecha" error={errors.fecha}>
          <Calendar
            inputId="evento-fecha"
            dateFormat="dd/mm/yy"
            value={fecha}
            maxDate={toDate(props.today)}
            minDate={new Date(2017, 0, 1)}
            readOnlyInput
            onChange={(e) => e.value && setFecha(e.value as Date)}
          />
        </FormField>
        <FormField id="evento-nombre" label="Nombre de Evento" error={errors.evento}>
          <InputText
            {...fieldAria("evento-nombre", errors.evento)}
            value={evento}
            maxLength={150}
            onChange={(e) => {
              setEvento(e.target.value);
              setErrors((x) => ({ ...x, evento: undefined }));
            }}
          />
        </FormField>
        <div className="dialog-footer">
          <Button type="button" label="Cancelar" outlined onClick={props.onClose} />
          <Button type="submit" label="Guardar" icon="pi pi-save" loading={save.isPending} />
        </div>
      </form>
    </Dialog>
  );
}
