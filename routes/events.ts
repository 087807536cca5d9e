// The event log (spec 2: 'Bitácora de Eventos'), permission BITACORA_EVENTOS; its marks on the traffic
// charts also for the four AFLUENCIA permissions.

import { Hono } from "hono";
import { EVENT_SAVED, eventBody, eventsQuery, marksQuery } from "#contract/events.ts";
import { P } from "#contract/permissions.ts";
import { addEvent, eventMarks, eventWindow } from "../services/events.ts";
import { ok } from "./envelope.ts";
import type { AppEnv } from "./env.ts";
import { requirePermission } from "./middleware.ts";
import { v } from "./validate.ts";

const logger = requirePermission(P.BITACORA_EVENTOS);
const readers = requirePermission(
  P.BITACORA_EVENTOS,
  P.AFLUENCIA_DIARIA_PEATONAL,
  P.AFLUENCIA_MENSUAL_PEATONAL,
  P.AFLUENCIA_DIARIA_PARKING,
  P.AFLUENCIA_MENSUAL_PARKING,
);

export const events = new Hono<AppEnv>();

events.get("/", logger, v("query", eventsQuery), async (c) => {
  return ok(c, await eventWindow(c.var.ctx, c.req.valid("query")));
});

events.get("/marks", readers, v("query", marksQuery), async (c) => {
  return ok(c, await eventMarks(c.var.ctx, c.req.valid("query")));
});

events.post("/", logger, v("json", eventBody), async (c) => {
  const s = c.var.session!;
  return ok(
    c,
    await addEvent(c.var.ctx, { userId: s.userId, ip: c.var.ip }, c.req.valid("json")),
    EVENT_SAVED,
  );
});
