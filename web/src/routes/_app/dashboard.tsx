import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { DashboardPage } from "../../reports/dashboard/screen.tsx";
import { reportGuard } from "../../reports/shared/report-route.ts";
import { yearParam } from "../../reports/shared/search.ts";

/** The staff landing screen: sales by month, traffic and vacancy (spec 2, Centro administrativo). */
export const Route = createFileRoute("/_app/dashboard")({
  beforeLoad: reportGuard,
  validateSearch: z.object({ anio: yearParam, anioComparativo: yearParam }),
  component: DashboardPage,
});
