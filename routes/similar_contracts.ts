// 'Contratos Símiles' (spec 2 admin utilities, issue 14): the groups' grid, the shop lists for the pickers,
// add (PUT), edit (POST) and delete, permission SUPERADMIN_CONFIG. Comparativo de Ventas reads the groups
// through the extract family 'similar_contracts', not through these calls.

import { Hono } from "hono";
import { idParam } from "#contract/fields.ts";
import { P } from "#contract/permissions.ts";
import {
  SIMILAR_SAVED,
  similarAddBody,
  similarEditBody,
  similarShopsQuery,
} from "#contract/similar_contracts.ts";
import {
  addSimilarContracts,
  deleteSimilarContracts,
  editSimilarContracts,
  listSimilarContracts,
  similarShops,
} from "../services/similar_contracts.ts";
import { ok } from "./envelope.ts";
import type { AppEnv } from "./env.ts";
import { requirePermission } from "./middleware.ts";
import { v } from "./validate.ts";

const allowed = requirePermission(P.SUPERADMIN_CONFIG);

export const similarContracts = new Hono<AppEnv>();

similarContracts.get("/", allowed, async (c) => {
  return ok(c, { table: await listSimilarContracts(c.var.ctx) });
});

similarContracts.get("/shops", allowed, v("query", similarShopsQuery), async (c) => {
  return ok(c, await similarShops(c.var.ctx, c.req.valid("query").unidadEconomicaId));
});

similarContracts.put("/", allowed, v("json", similarAddBody), async (c) => {
  const s = c.var.session!;
  return ok(
    c,
    await addSimilarContracts(c.var.ctx, { userId: s.userId, ip: c.var.ip }, c.req.valid("json")),
    SIMILAR_SAVED,
  );
});

similarContracts.post("/", allowed, v("json", similarEditBody), async (c) => {
  const s = c.var.session!;
  return ok(
    c,
    await editSimilarContracts(c.var.ctx, { userId: s.userId, ip: c.var.ip }, c.req.valid("json")),
    SIMILAR_SAVED,
  );
});

similarContracts.delete("/:id", allowed, v("param", idParam), async (c) => {
  const s = c.var.session!;
  return ok(
    c,
    await deleteSimilarContracts(c.var.ctx, { userId: s.userId, ip: c.var.ip }, c.req.valid("param").id),
    SIMILAR_SAVED,
  );
});
