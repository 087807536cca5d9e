import { createFileRoute } from "@tanstack/react-router";
import { maintenanceQuery, rememberedMall } from "../../features/maps/api.ts";
import { MaintenanceScreen } from "../../features/maps/maintenance-screen.tsx";
import { screenRoute } from "../../lib/screen-route.ts";

/** Mapa de calor: Mantenimiento (spec 2): the rental objects' contract-to-local assignment. */
export const Route = createFileRoute("/_app/Mapas/ModificarMapas")({
  ...screenRoute("/Mapas/ModificarMapas"),
  loader: ({ context }) => context.queryClient.ensureQueryData(maintenanceQuery(rememberedMall())),
  component: MaintenanceScreen,
});
