import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { DashboardPage, startDashboard } from "../../reports/dashboard/screen.tsx";
import { yearParam } from "../../reports/shared/search.ts";
import { requirePermission } from "../../lib/guard.ts";
import { P } from "../../../../contract/permissions.ts";

/** The staff landing screen: sales by month, traffic and vacancy (spec 2, Centro administrativo). */
export const Route = createFileRoute("/_app/dashboard")({
  staticData: { title: "Dashboard" },
  validateSearch: z.object({ anio: yearParam, anioComparativo: yearParam }),
  beforeLoad: (ctx) => {
    requirePermission(P.DASHBOARD_MALL)(ctx);
    // A filter change on the screen (not its opening nor a link's preload): the report starts before it draws.
    if (ctx.cause === "stay") startDashboard(ctx.context.queryClient, ctx.search);
  },
  component: DashboardPage,
});
