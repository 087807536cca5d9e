import { createFileRoute } from "@tanstack/react-router";
import { pendingClosingQuery } from "../../../features/tenant/api.ts";
import { RegisterClosingScreen } from "../../../features/tenant/register-closing-screen.tsx";
import { screenRoute } from "../../../lib/screen-route.ts";

export const Route = createFileRoute("/_app/cierreVentas/registrarCierre")({
  ...screenRoute("/cierreVentas/registrarCierre"),
  loader: ({ context }) => context.queryClient.ensureQueryData(pendingClosingQuery),
  component: RegisterClosingScreen,
});
