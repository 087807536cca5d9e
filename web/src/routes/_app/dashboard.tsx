import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { DashboardPage } from "../../reports/dashboard/screen.tsx";
import { yearParam } from "../../reports/shared/search.ts";
import { requirePermission } from "../../lib/guard.ts";
import { P } from "../../../../contract/permissions.ts";

/** The staff landing screen: sales by month, traffic and vacancy (spec 2, Centro administrativo). */
export const Route = createFileRoute("/_app/dashboard")({
  staticData: { title: "Dashboard" },
  validateSearch: z.object({ anio: yearParam, anioComparativo: yearParam }),
  beforeLoad: requirePermission(P.DASHBOARD_MALL),
  component: DashboardPage,
});
