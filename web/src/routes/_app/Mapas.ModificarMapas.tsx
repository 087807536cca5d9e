import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../contract/permissions.ts";
import { maintenanceQuery, rememberedMall } from "../../features/maps/api.ts";
import { MaintenanceScreen } from "../../features/maps/maintenance-screen.tsx";
import { requirePermission } from "../../lib/guard.ts";

/** Mapa de calor: Mantenimiento (spec 2): the rental objects' contract-to-local assignment. */
export const Route = createFileRoute("/_app/Mapas/ModificarMapas")({
  staticData: { title: "Mantenimiento" },
  beforeLoad: requirePermission(P.MAPA_CALOR_MANTENIMIENTO),
  loader: ({ context }) => context.queryClient.ensureQueryData(maintenanceQuery(rememberedMall())),
  component: MaintenanceScreen,
});
