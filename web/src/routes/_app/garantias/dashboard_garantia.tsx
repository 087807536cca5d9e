import { createFileRoute } from "@tanstack/react-router";
import { GuaranteeDashboard } from "../../../features/guarantees/dashboard.tsx";
import { CURRENT_YEAR, expiryPanelQuery } from "../../../features/guarantees/dashboard-api.ts";
import { screenRoute } from "../../../lib/screen-route.ts";

/** 'Dashboard de Garantías': the panel 'Garantía Por Vencimiento'. */
export const Route = createFileRoute("/_app/garantias/dashboard_garantia")({
  ...screenRoute("/garantias/dashboard_garantia"),
  loader: ({ context }) => context.queryClient.ensureQueryData(expiryPanelQuery(CURRENT_YEAR)),
  component: GuaranteeDashboard,
});
