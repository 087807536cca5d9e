import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { DashboardPage } from "../../reports/dashboard/screen.tsx";
import { reportBeforeLoad } from "../../reports/shared/report-route.ts";
import { yearParam } from "../../reports/shared/search.ts";
import { requirePermission } from "../../lib/guard.ts";
import { P } from "../../../../contract/permissions.ts";

/** The staff landing screen: sales by month, traffic and vacancy (spec 2, Centro administrativo). */
export const Route = createFileRoute("/_app/dashboard")({
  staticData: { title: "Dashboard" },
  validateSearch: z.object({ anio: yearParam, anioComparativo: yearParam }),
  beforeLoad: (ctx) => {
    requirePermission(P.DASHBOARD_MALL)(ctx);
    // Opening: the catalogue asked at once. A filter change: the reports start before the screen draws.
    reportBeforeLoad(ctx);
  },
  component: DashboardPage,
});
