import { createFileRoute } from "@tanstack/react-router";
import { maintenanceQuery, rememberedMall } from "../../features/maps/api.ts";
import { MaintenanceScreen } from "../../features/maps/maintenance-screen.tsx";
import { screenGuard } from "../../lib/screen-guard.ts";

/** Mapa de calor: Mantenimiento (spec 2): the rental objects' contract-to-local assignment. */
export const Route = createFileRoute("/_app/Mapas/ModificarMapas")({
  beforeLoad: screenGuard,
  loader: ({ context }) => context.queryClient.ensureQueryData(maintenanceQuery(rememberedMall())),
  component: MaintenanceScreen,
});
