// 'Locatarios' (spec 2, Menu Locatarios; permission LOCATARIOS): the mall's contracts, the manage-tenant
// modal and a contract's closings with the staff correction. Schemas and answers in contract/staff.ts.
import { Hono } from "hono";
import { P } from "#contract/permissions.ts";
import {
  contractQuery,
  mallQuery,
  manageTenantBody,
  STAFF_TENANT_PATHS as PATH,
  staffClosingsQuery,
} from "#contract/staff.ts";
import { editClosingBody, noQuery } from "#contract/tenant.ts";
import {
  listTenants,
  mallOptions,
  managedTenant,
  manageTenant,
  staffClosingHistory,
  staffClosings,
  staffUpdateClosing,
  tenantOptions,
} from "../services/staff_tenants.ts";
import { done, ok } from "./envelope.ts";
import type { AppEnv } from "./env.ts";
import { requirePermission } from "./middleware.ts";
import { idParam } from "./schemas.ts";
import { v } from "./validate.ts";

const actor = (c: { var: { session: { userId: number } | null; ip: string } }) => ({
  userId: c.var.session!.userId,
  ip: c.var.ip,
});

export const staffTenants = new Hono<AppEnv>();

const tenants = requirePermission(P.LOCATARIOS);

staffTenants.get(
  PATH.malls,
  requirePermission(P.LOCATARIOS, P.ACTUALIZAR_CONTRATOS),
  v("query", noQuery),
  async (c) => ok(c, await mallOptions(c.var.ctx.db)),
);

staffTenants.get(PATH.list, tenants, v("query", mallQuery), async (c) => {
  return ok(c, await listTenants(c.var.ctx.db, c.req.valid("query").unidadEconomicaId));
});

staffTenants.get(PATH.options, tenants, v("query", noQuery), async (c) => {
  return ok(c, await tenantOptions(c.var.ctx.db));
});

staffTenants.get(PATH.manage, tenants, v("query", contractQuery), async (c) => {
  return ok(c, await managedTenant(c.var.ctx.db, c.req.valid("query").numContrato));
});

staffTenants.put(PATH.manage, tenants, v("query", noQuery), v("json", manageTenantBody), async (c) => {
  await manageTenant(c.var.ctx, c.req.valid("json"), actor(c));
  return done(c, 101);
});

staffTenants.get(PATH.closings, tenants, v("query", staffClosingsQuery), async (c) => {
  return ok(c, await staffClosings(c.var.ctx.db, c.req.valid("query")));
});

staffTenants.put(
  PATH.closing,
  tenants,
  v("param", idParam),
  v("query", noQuery),
  v("json", editClosingBody),
  async (c) => {
    await staffUpdateClosing(c.var.ctx, c.req.valid("param").id, c.req.valid("json"), actor(c));
    return done(c, 101);
  },
);

staffTenants.get(PATH.closingHistory, tenants, v("param", idParam), v("query", noQuery), async (c) => {
  return ok(c, await staffClosingHistory(c.var.ctx.db, c.req.valid("param").id));
});
