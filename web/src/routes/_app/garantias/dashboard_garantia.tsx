import { createFileRoute } from "@tanstack/react-router";
import { GuaranteeDashboard } from "../../../features/guarantees/dashboard.tsx";
import { CURRENT_YEAR, expiryPanelQuery } from "../../../features/guarantees/dashboard-api.ts";
import { screenGuard } from "../../../lib/screen-guard.ts";

/** 'Dashboard de Garantías': the panel 'Garantía Por Vencimiento'. */
export const Route = createFileRoute("/_app/garantias/dashboard_garantia")({
  beforeLoad: screenGuard,
  loader: ({ context }) => context.queryClient.ensureQueryData(expiryPanelQuery(CURRENT_YEAR)),
  component: GuaranteeDashboard,
});
