// Heat maps (spec 2, Menu: Mapa de calor; issue 15): the vacancy map and the change of a local's status
// (MAPA_CALOR_VACANCY), the category traffic lights of 'Gestión de Categorías' and the All-In map
// (MAPA_CALOR_ALL_IN), the contract-to-local assignment of 'Mantenimiento' (MAPA_CALOR_MANTENIMIENTO).

import { Hono } from "hono";
import {
  categoryAddBody,
  categoryEditBody,
  categoryIdParam,
  mallQuery,
  vacancyStatusBody,
} from "#contract/maps.ts";
import { allInQuery, assignmentBody, assignmentClearBody } from "#contract/maps_all_in.ts";
import { idParam } from "#contract/fields.ts";
import { P } from "#contract/permissions.ts";
import {
  addCategory,
  changeVacancyStatus,
  closingMap,
  deleteCategory,
  editCategory,
  listCategories,
  salesMap,
  vacancyMap,
} from "../services/maps.ts";
import { allInMap } from "../services/maps_all_in.ts";
import { assignContract, clearAssignment, localHistory, maintenanceMap } from "../services/maps_assign.ts";
import { done, ok } from "./envelope.ts";
import type { AppEnv } from "./env.ts";
import { requirePermission } from "./middleware.ts";
import { v } from "./validate.ts";

const vacancy = requirePermission(P.MAPA_CALOR_VACANCY);
const sales = requirePermission(P.MAPA_CALOR_INDICADOR_VENTAS);
const closings = requirePermission(P.MAPA_CALOR_REPORTE_CIERRE);
const categories = requirePermission(P.MAPA_CALOR_ALL_IN);
const allIn = requirePermission(P.MAPA_CALOR_ALL_IN);
const maintenance = requirePermission(P.MAPA_CALOR_MANTENIMIENTO);

export const maps = new Hono<AppEnv>();

const actor = (c: { var: AppEnv["Variables"] }) => ({ userId: c.var.session!.userId, ip: c.var.ip });

maps.get("/vacancy", vacancy, v("query", mallQuery), async (c) => {
  return ok(c, await vacancyMap(c.var.ctx, c.req.valid("query").unidadEconomicaId));
});

maps.post("/vacancy/status", vacancy, v("json", vacancyStatusBody), async (c) => {
  return done(c, 101, await changeVacancyStatus(c.var.ctx, actor(c), c.req.valid("json")));
});

maps.get("/sales", sales, v("query", mallQuery), async (c) => {
  return ok(c, await salesMap(c.var.ctx, c.req.valid("query").unidadEconomicaId));
});

maps.get("/closings", closings, v("query", mallQuery), async (c) => {
  return ok(c, await closingMap(c.var.ctx, c.req.valid("query").unidadEconomicaId));
});

maps.get("/categories", categories, async (c) => {
  return ok(c, await listCategories(c.var.ctx));
});

maps.put("/categories", categories, v("json", categoryAddBody), async (c) => {
  return done(c, 100, await addCategory(c.var.ctx, actor(c), c.req.valid("json")));
});

maps.post("/categories", categories, v("json", categoryEditBody), async (c) => {
  return done(c, 101, await editCategory(c.var.ctx, actor(c), c.req.valid("json")));
});

maps.delete("/categories/:id", categories, v("param", categoryIdParam), async (c) => {
  return done(c, 301, await deleteCategory(c.var.ctx, actor(c), c.req.valid("param").id));
});

maps.get("/all-in", allIn, v("query", allInQuery), async (c) => {
  return ok(c, await allInMap(c.var.ctx, c.req.valid("query")));
});

maps.get("/maintenance", maintenance, v("query", mallQuery), async (c) => {
  return ok(c, await maintenanceMap(c.var.ctx, c.req.valid("query").unidadEconomicaId));
});

maps.post("/assignment", maintenance, v("json", assignmentBody), async (c) => {
  return done(c, 101, await assignContract(c.var.ctx, actor(c), c.req.valid("json")));
});

maps.post("/assignment/clear", maintenance, v("json", assignmentClearBody), async (c) => {
  return done(c, 101, await clearAssignment(c.var.ctx, actor(c), c.req.valid("json")));
});

maps.get("/locals/:id/history", maintenance, v("param", idParam), v("query", mallQuery), async (c) => {
  return ok(
    c,
    await localHistory(c.var.ctx, c.req.valid("query").unidadEconomicaId, c.req.valid("param").id),
  );
});
