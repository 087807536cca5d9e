// The event log's calls (contract/events.ts): the window, the chart marks and a new event.
import { queryOptions } from "@tanstack/react-query";
import { type EventInput, type EventRow, EVENTS_API, type EventsAnswer } from "#contract/events.ts";
import { get, post } from "../../lib/api.ts";

export const EVENTS_KEY = ["events"] as const;

export const eventsQuery = (mall: number, from: string, to: string) =>
  queryOptions({
    queryKey: [...EVENTS_KEY, "window", mall, from, to],
    queryFn: () =>
      get<EventsAnswer>(`${EVENTS_API.events}?unidadEconomicaId=${mall}&fechaInicio=${from}&fechaFin=${to}`),
    staleTime: 0,
  });

/** The events of a span for the traffic charts (quiet: a chart without marks still shows its figures). */
export const marksQuery = (mall: number, from: string, to: string) =>
  queryOptions({
    queryKey: [...EVENTS_KEY, "marks", mall, from, to],
    queryFn: () =>
      get<EventRow[]>(`${EVENTS_API.marks}?unidadEconomicaId=${mall}&desde=${from}&hasta=${to}`, {
        quiet: true,
      }),
    staleTime: 60_000,
  });

export const addEvent = (body: EventInput) => post<EventRow>(EVENTS_API.events, body, { confirm: false });
