// 'Actualizar Contratos' (ACTUALIZAR_CONTRATOS) and the staff 'Estado de Cuenta' (ESTADO_CUENTA): spec 2,
// Menu Locatarios and Módulos. Schemas and answers in contract/staff.ts.
import { Hono } from "hono";
import { P } from "#contract/permissions.ts";
import {
  contractDatesBody,
  contractQuery,
  mallQuery,
  rucQuery,
  STAFF_CONTRACT_PATHS as CONTRACT,
  STAFF_STATEMENT_PATHS as STATEMENT,
} from "#contract/staff.ts";
import { noQuery } from "#contract/tenant.ts";
import {
  contractDetail,
  listContracts,
  listStatements,
  staffStatement,
  tenantIdOfRuc,
  updateContractDates,
} from "../services/staff_contracts.ts";
import { debtOf } from "../services/statements.ts";
import { done, ok } from "./envelope.ts";
import type { AppEnv } from "./env.ts";
import { requirePermission } from "./middleware.ts";
import { idParam } from "./schemas.ts";
import { v } from "./validate.ts";

export const staffContracts = new Hono<AppEnv>();
const contracts = requirePermission(P.ACTUALIZAR_CONTRATOS);

staffContracts.get(CONTRACT.list, contracts, v("query", mallQuery), async (c) => {
  return ok(c, await listContracts(c.var.ctx.db, c.req.valid("query").unidadEconomicaId));
});

staffContracts.post(
  CONTRACT.dates,
  contracts,
  v("query", noQuery),
  v("json", contractDatesBody),
  async (c) => {
    await updateContractDates(c.var.ctx, c.req.valid("json"), {
      userId: c.var.session!.userId,
      ip: c.var.ip,
    });
    return done(c, 101);
  },
);

staffContracts.get(CONTRACT.detail, contracts, v("query", contractQuery), async (c) => {
  return ok(c, await contractDetail(c.var.ctx, c.req.valid("query").numContrato));
});

export const staffStatements = new Hono<AppEnv>();
const statements = requirePermission(P.ESTADO_CUENTA);

staffStatements.get(STATEMENT.list, statements, v("query", noQuery), async (c) => {
  return ok(c, await listStatements(c.var.ctx.db));
});

staffStatements.get(STATEMENT.detail, statements, v("query", rucQuery), async (c) => {
  return ok(c, await staffStatement(c.var.ctx, c.var.session, c.req.valid("query").ruc));
});

staffStatements.get(STATEMENT.debt, statements, v("param", idParam), v("query", rucQuery), async (c) => {
  const tenantId = await tenantIdOfRuc(c.var.ctx.db, c.req.valid("query").ruc);
  return ok(c, await debtOf(c.var.ctx.db, tenantId, c.req.valid("param").id));
});
