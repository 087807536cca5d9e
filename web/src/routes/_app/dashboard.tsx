import { createFileRoute } from "@tanstack/react-router";
import { DashboardPage } from "../../reports/dashboard/screen.tsx";
import { dashboardSearch } from "../../reports/dashboard/search.ts";
import { reportRoute } from "../../reports/shared/report-route.ts";

/** The staff landing screen: sales by month, traffic and vacancy (spec 2, Centro administrativo). */
export const Route = createFileRoute("/_app/dashboard")({
  ...reportRoute({
    search: dashboardSearch,
    report: () => import("../../reports/dashboard/screen.tsx").then((m) => m.dashboard),
  }),
  component: DashboardPage,
});
