// 'Lista Roja' (spec 2: Módulos, /Blacklist/Index) and the reminders staff send from it, permission
// LISTA_ROJA.

import { Hono } from "hono";
import { listaRojaQuery, remindBody, remindedMessage } from "#contract/compliance.ts";
import { P } from "#contract/permissions.ts";
import { listaRoja, remindFromListaRoja } from "../services/compliance.ts";
import { ok } from "./envelope.ts";
import type { AppEnv } from "./env.ts";
import { requirePermission } from "./middleware.ts";
import { v } from "./validate.ts";

const allowed = requirePermission(P.LISTA_ROJA);

export const compliance = new Hono<AppEnv>();

compliance.get("/", allowed, v("query", listaRojaQuery), async (c) => {
  return ok(c, await listaRoja(c.var.ctx, c.req.valid("query")));
});

compliance.post("/recordatorios", allowed, v("json", remindBody), async (c) => {
  const s = c.var.session!;
  const answer = await remindFromListaRoja(
    c.var.ctx,
    { userId: s.userId, ip: c.var.ip },
    c.req.valid("json"),
  );
  return ok(c, answer, remindedMessage(answer));
});
