import { createFileRoute } from "@tanstack/react-router";
import { pendingClosingQuery } from "../../../features/tenant/api.ts";
import { RegisterClosingScreen } from "../../../features/tenant/register-closing-screen.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";

export const Route = createFileRoute("/_app/cierreVentas/registrarCierre")({
  beforeLoad: screenGuard,
  loader: ({ context }) => context.queryClient.ensureQueryData(pendingClosingQuery),
  component: RegisterClosingScreen,
});
