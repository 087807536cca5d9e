// The Explorador de Ventas' saved views (issue 41), permission EXPLORADOR_VENTAS: each person lists, saves
// and deletes their own.

import { Hono } from "hono";
import { saveViewBody, VIEW_DELETED, VIEW_SAVED } from "#contract/explorer.ts";
import { idParam } from "#contract/fields.ts";
import { P } from "#contract/permissions.ts";
import { deleteView, listViews, saveView } from "../services/explorer_views.ts";
import { ok } from "./envelope.ts";
import type { AppEnv } from "./env.ts";
import { requirePermission } from "./middleware.ts";
import { v } from "./validate.ts";

const allowed = requirePermission(P.EXPLORADOR_VENTAS);

export const explorer = new Hono<AppEnv>();

explorer.get("/views", allowed, async (c) => ok(c, await listViews(c.var.ctx, c.var.session!.userId)));

explorer.post("/views", allowed, v("json", saveViewBody), async (c) => {
  const s = c.var.session!;
  return ok(
    c,
    await saveView(c.var.ctx, { userId: s.userId, ip: c.var.ip }, c.req.valid("json")),
    VIEW_SAVED,
  );
});

explorer.delete("/views/:id", allowed, v("param", idParam), async (c) => {
  const s = c.var.session!;
  await deleteView(c.var.ctx, { userId: s.userId, ip: c.var.ip }, c.req.valid("param").id);
  return ok(c, null, VIEW_DELETED);
});
