import { Hono } from "hono";
import { clientQuery, expiryQuery, progressQuery } from "#contract/guarantees/dashboard.ts";
import { P } from "#contract/permissions.ts";
import { clientPanel, expiryPanel, progressPanel } from "../../services/guarantees/dashboard.ts";
import { ok } from "../envelope.ts";
import type { AppEnv } from "../env.ts";
import { requirePermission } from "../middleware.ts";
import { v } from "../validate.ts";

/** Dashboard de Garantías (/api/guarantee-dashboard): read-only panels, GARANTIAS_DASHBOARD. */
export const guaranteeDashboard = new Hono<AppEnv>();

guaranteeDashboard.get(
  "/expiry",
  requirePermission(P.GARANTIAS_DASHBOARD),
  v("query", expiryQuery),
  async (c) => {
    return ok(c, await expiryPanel(c.var.ctx, c.req.valid("query").anio ?? null));
  },
);

guaranteeDashboard.get(
  "/progress",
  requirePermission(P.GARANTIAS_DASHBOARD),
  v("query", progressQuery),
  async (c) => ok(c, await progressPanel(c.var.ctx, c.req.valid("query").mall ?? null)),
);

guaranteeDashboard.get(
  "/client",
  requirePermission(P.GARANTIAS_DASHBOARD),
  v("query", clientQuery),
  async (c) => ok(c, await clientPanel(c.var.ctx, c.req.valid("query"))),
);
