import { Hono } from "hono";
import { P } from "#contract/permissions.ts";
import {
  categoryAverageQuery,
  closingsQuery,
  editClosingBody,
  monthlySalesQuery,
  noQuery,
  registerClosingBody,
  TENANT_PATHS as PATH,
  tenantUsersBody,
} from "#contract/tenant.ts";
import { pendingClosing, registerClosing } from "../services/closing_register.ts";
import { debtDetail, tenantStatement } from "../services/statements.ts";
import { closingHistory, listClosings, updateClosing } from "../services/tenant_closings.ts";
import { categoryAverage, dashboardIndicators, monthlySales } from "../services/tenant_dashboard.ts";
import { listTenantUsers, saveTenantUsers } from "../services/tenant_users.ts";
import { done, ok } from "./envelope.ts";
import type { AppEnv } from "./env.ts";
import { requirePermission } from "./middleware.ts";
import { idParam } from "./schemas.ts";
import { v } from "./validate.ts";

// The tenant area (spec 1 sections 2 and 7; the schemas and answers in contract/tenant.ts). Every call
// works on the session's contract: the tenant's contract, RUC and tenant id are never parameters.

const actor = (c: { var: { session: { userId: number }; ip: string } }) => ({
  userId: c.var.session.userId,
  ip: c.var.ip,
});

export const tenant = new Hono<AppEnv>();

const dashboard = requirePermission(P.DASHBOARD_LOCATARIO);
const register = requirePermission(P.REGISTRAR_CIERRE_VENTA_LOCATARIO);
const consult = requirePermission(P.CONSULTA_CIERRE_LOCATARIO);
const users = requirePermission(P.GESTION_USUARIOS_LOCATARIO);
const statement = requirePermission(P.ESTADO_CUENTA_LOCATARIO);

tenant.get(PATH.indicators, dashboard, v("query", noQuery), async (c) => {
  return ok(c, await dashboardIndicators(c.var.ctx, c.var.session));
});

tenant.get(PATH.monthlySales, dashboard, v("query", monthlySalesQuery), async (c) => {
  const { anio1, anio2 } = c.req.valid("query");
  return ok(c, await monthlySales(c.var.ctx, c.var.session, anio1, anio2));
});

tenant.get(PATH.categoryAverage, dashboard, v("query", categoryAverageQuery), async (c) => {
  return ok(c, await categoryAverage(c.var.ctx, c.var.session, c.req.valid("query").anio));
});

tenant.get(PATH.pendingClosing, register, v("query", noQuery), async (c) => {
  return ok(c, await pendingClosing(c.var.ctx, c.var.session));
});

tenant.post(PATH.closings, register, v("query", noQuery), v("json", registerClosingBody), async (c) => {
  return done(c, 100, await registerClosing(c.var.ctx, c.var.session, c.req.valid("json"), actor(c)));
});

tenant.get(PATH.closings, consult, v("query", closingsQuery), async (c) => {
  return ok(c, await listClosings(c.var.ctx, c.var.session, c.req.valid("query")));
});

tenant.put(
  PATH.closing,
  register,
  v("param", idParam),
  v("query", noQuery),
  v("json", editClosingBody),
  async (c) => {
    await updateClosing(c.var.ctx, c.var.session, c.req.valid("param").id, c.req.valid("json"), actor(c));
    return done(c, 101);
  },
);

tenant.get(PATH.closingHistory, consult, v("param", idParam), v("query", noQuery), async (c) => {
  return ok(c, await closingHistory(c.var.ctx, c.var.session, c.req.valid("param").id));
});

tenant.get(PATH.users, users, v("query", noQuery), async (c) => {
  return ok(c, await listTenantUsers(c.var.ctx, c.var.session));
});

tenant.put(PATH.users, users, v("query", noQuery), v("json", tenantUsersBody), async (c) => {
  await saveTenantUsers(c.var.ctx, c.var.session, c.req.valid("json"), actor(c));
  return done(c, 101);
});

tenant.get(PATH.statement, statement, v("query", noQuery), async (c) => {
  return ok(c, await tenantStatement(c.var.ctx, c.var.session));
});

tenant.get(PATH.debt, statement, v("param", idParam), v("query", noQuery), async (c) => {
  return ok(c, await debtDetail(c.var.ctx, c.var.session, c.req.valid("param").id));
});
