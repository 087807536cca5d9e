// Heat maps (spec 2, Menu: Mapa de calor; issue 15): the vacancy map and the change of a local's status
// (MAPA_CALOR_VACANCY), the category traffic lights of 'Gestión de Categorías' (MAPA_CALOR_ALL_IN).

import { Hono } from "hono";
import {
  categoryAddBody,
  categoryEditBody,
  categoryIdParam,
  mallQuery,
  vacancyStatusBody,
} from "../contract/maps.ts";
import { P } from "../contract/permissions.ts";
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
import { done, ok } from "./envelope.ts";
import type { AppEnv } from "./env.ts";
import { requirePermission } from "./middleware.ts";
import { v } from "./validate.ts";

const vacancy = requirePermission(P.MAPA_CALOR_VACANCY);
const sales = requirePermission(P.MAPA_CALOR_INDICADOR_VENTAS);
const closings = requirePermission(P.MAPA_CALOR_REPORTE_CIERRE);
const categories = requirePermission(P.MAPA_CALOR_ALL_IN);

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
