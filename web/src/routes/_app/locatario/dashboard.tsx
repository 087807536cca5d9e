import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { categoryAverageQuery, indicatorsQuery, monthlySalesQuery } from "../../../features/tenant/api.ts";
import { DashboardScreen } from "../../../features/tenant/dashboard-screen.tsx";
import { dashboardYears } from "../../../features/tenant/values.ts";
import { screenGuard } from "../../../lib/screen-guard.ts";

const year = z.number().int().min(2000).max(2100).optional().catch(undefined);

export const Route = createFileRoute("/_app/locatario/dashboard")({
  beforeLoad: screenGuard,
  validateSearch: z.object({ anio1: year, anio2: year, anio: year }),
  loaderDeps: ({ search }) => dashboardYears(search),
  loader: ({ context: { queryClient }, deps }) =>
    Promise.all([
      queryClient.ensureQueryData(indicatorsQuery),
      queryClient.ensureQueryData(monthlySalesQuery(deps.anio1, deps.anio2)),
      queryClient.ensureQueryData(categoryAverageQuery(deps.anio)),
    ]),
  component: DashboardScreen,
});
