import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { pendingClosingQuery } from "../../../features/tenant/api.ts";
import { RegisterClosingScreen } from "../../../features/tenant/register-closing-screen.tsx";
import { tenantScreen } from "../../../features/tenant/tenant-screen.ts";

export const Route = createFileRoute("/_app/cierreVentas/registrarCierre")({
  staticData: { title: "Registrar Cierre de Ventas" },
  beforeLoad: tenantScreen(P.REGISTRAR_CIERRE_VENTA_LOCATARIO),
  loader: ({ context }) => context.queryClient.ensureQueryData(pendingClosingQuery),
  component: RegisterClosingScreen,
});
