// Inflation factors per year (spec 3 section 2.2), permission INFLACION.

import { Hono } from "hono";
import { INFLATION_SAVED, inflationBody, inflationQuery } from "#contract/inflation.ts";
import { P } from "#contract/permissions.ts";
import { inflationYear, saveInflation } from "../services/inflation.ts";
import { ok } from "./envelope.ts";
import type { AppEnv } from "./env.ts";
import { requirePermission } from "./middleware.ts";
import { v } from "./validate.ts";

const allowed = requirePermission(P.INFLACION);

export const inflation = new Hono<AppEnv>();

inflation.get("/", allowed, v("query", inflationQuery), async (c) => {
  return ok(c, await inflationYear(c.var.ctx, c.req.valid("query").anio));
});

inflation.post("/", allowed, v("json", inflationBody), async (c) => {
  const s = c.var.session!;
  return ok(
    c,
    await saveInflation(c.var.ctx, { userId: s.userId, ip: c.var.ip }, c.req.valid("json")),
    INFLATION_SAVED,
  );
});
