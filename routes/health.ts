import { Hono } from "hono";
import { ok } from "./envelope.ts";
import type { AppEnv } from "./env.ts";

export const health = new Hono<AppEnv>();

health.get("/", async (c) => {
  await c.var.ctx.db.query("select 1");
  return ok(c, { db: c.var.ctx.db.kind });
});
