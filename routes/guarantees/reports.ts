import { Hono } from "hono";
import { reportParam, XLSX_TYPE } from "#contract/guarantees/reports.ts";
import { GUARANTEE_REVIEWERS } from "#contract/guarantees/guarantees.ts";
import { guaranteeReport } from "../../services/guarantees/reports.ts";
import type { AppEnv } from "../env.ts";
import { attachment } from "./http.ts";
import { requirePermission } from "../middleware.ts";
import { v } from "../validate.ts";

/** The review screens' 'Reportes' (/api/guarantee-reports/:report): .xlsx files, staff of the review screens. */
export const guaranteeReports = new Hono<AppEnv>();

guaranteeReports.get(
  "/:report",
  requirePermission(...GUARANTEE_REVIEWERS),
  v("param", reportParam),
  async (c) => {
    const r = await guaranteeReport(c.var.ctx, c.req.valid("param").report);
    return attachment(c, r.bytes, r.name, XLSX_TYPE);
  },
);
