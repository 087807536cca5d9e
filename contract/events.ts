// The event log's contract (spec 2: 'Bitácora de Eventos', section 5 and the call 'POST add event'): the
// window of the log (the last 6 days up to today, start not after end), the new event (fecha dd/MM/yyyy,
// evento, unidadEconomicaId), the answers and the paths. Pure: zod and types.
import { z } from "zod";
import { day, strict } from "./fields.ts";

export const EVENTS_API = {
  /** GET ?unidadEconomicaId&fechaInicio&fechaFin (yyyy-mm-dd): the window's events; POST: a new event. */
  events: "/api/events",
  /** GET ?unidadEconomicaId&desde&hasta: the events marked on the traffic charts. */
  marks: "/api/events/marks",
} as const;

/** The window reaches this many days back, today included (today − 5 … today). */
export const EVENT_WINDOW_DAYS = 6;
export const EVENT_NAME_REQUIRED = "Ingrese Nombre de Evento";
export const EVENT_SAVED = "Guardado Exitoso";
export const EVENT_DATE_REQUIRED = "Ingrese Fecha de Evento";
export const EVENT_DATE_FUTURE = "La fecha del evento no puede ser posterior a hoy.";
export const EVENT_MALL_REQUIRED = "Seleccione un mall.";
export const WINDOW_ORDER = "La fecha de inicio no puede ser posterior a la fecha de fin.";
export const WINDOW_RANGE = "Las fechas deben estar dentro de los últimos 6 días hasta hoy.";
export const EVENT_NAME_MAX = 150;

const mall = z.coerce.number({ error: EVENT_MALL_REQUIRED }).int(EVENT_MALL_REQUIRED).min(
  0,
  EVENT_MALL_REQUIRED,
)
  .max(999, EVENT_MALL_REQUIRED);

/** GET /api/events: a mall (0 'Todas') and the window. */
export const eventsQuery = strict({
  unidadEconomicaId: mall,
  fechaInicio: day("Ingrese la fecha de inicio."),
  fechaFin: day("Ingrese la fecha de fin."),
}).refine((q) => q.fechaInicio <= q.fechaFin, { message: WINDOW_ORDER, path: ["fechaInicio"] });
export type EventsQuery = z.infer<typeof eventsQuery>;

/** GET /api/events/marks: a mall (0 'Todas') and a span of at most two years' days. */
export const marksQuery = strict({
  unidadEconomicaId: mall,
  desde: day("Ingrese la fecha de inicio."),
  hasta: day("Ingrese la fecha de fin."),
}).refine((q) => q.desde <= q.hasta, { message: WINDOW_ORDER, path: ["desde"] });

/** 'dd/MM/yyyy' → 'yyyy-mm-dd', or null when it is not a calendar day. */
export function parseDmy(s: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(s.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

/** POST /api/events: the spec's fields; fecha becomes 'yyyy-mm-dd'. */
export const eventBody = strict({
  fecha: z.string({ error: EVENT_DATE_REQUIRED }).trim().min(1, EVENT_DATE_REQUIRED)
    .refine(
      (s) => parseDmy(s) !== null && parseDmy(s)! >= "2017-01-01",
      "Ingresar una fecha válida (dd/MM/yyyy).",
    )
    .transform((s) => parseDmy(s)!),
  evento: z.string({ error: EVENT_NAME_REQUIRED }).trim().min(1, EVENT_NAME_REQUIRED)
    .max(EVENT_NAME_MAX, `Máximo ${EVENT_NAME_MAX} caracteres.`),
  unidadEconomicaId: z.number({ error: EVENT_MALL_REQUIRED }).int(EVENT_MALL_REQUIRED).min(
    1,
    EVENT_MALL_REQUIRED,
  )
    .max(999, EVENT_MALL_REQUIRED),
});
export type EventInput = z.input<typeof eventBody>;

/** An event (spec 2 section 3: date, name, economic unit id) with who logged it and when. */
export interface EventRow {
  id: number;
  /** 'yyyy-mm-dd'. */
  fecha: string;
  evento: string;
  unidadEconomicaId: number;
  unidadEconomica: string;
  registradoPor: string | null;
  /** ISO timestamp. */
  registradoEl: string;
}

/** GET /api/events: the window (as checked) and its events, oldest first. */
export interface EventsAnswer {
  hoy: string;
  fechaInicio: string;
  fechaFin: string;
  eventos: EventRow[];
}
