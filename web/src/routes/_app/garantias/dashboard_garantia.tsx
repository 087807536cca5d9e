import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { GuaranteeDashboard } from "../../../features/guarantees/dashboard.tsx";
import { CURRENT_YEAR, expiryPanelQuery } from "../../../features/guarantees/dashboard-api.ts";
import { requirePermission } from "../../../lib/guard.ts";

/** 'Dashboard de Garantías': the panel 'Garantía Por Vencimiento'. */
export const Route = createFileRoute("/_app/garantias/dashboard_garantia")({
  staticData: { title: "Dashboard de Garantías" },
  beforeLoad: requirePermission(P.GARANTIAS_DASHBOARD),
  loader: ({ context }) => context.queryClient.ensureQueryData(expiryPanelQuery(CURRENT_YEAR)),
  component: GuaranteeDashboard,
});
