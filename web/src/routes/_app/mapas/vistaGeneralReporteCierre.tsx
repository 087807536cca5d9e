import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { closingMapQuery, rememberedMall } from "../../../features/maps/api.ts";
import { ClosingMapScreen } from "../../../features/maps/closing-screen.tsx";
import { requirePermission } from "../../../lib/guard.ts";

/** Mapa de calor: Reporte de Cierre (spec 2): the shops coloured by how up to date their closings are. */
export const Route = createFileRoute("/_app/mapas/vistaGeneralReporteCierre")({
  staticData: { title: "Reporte de Cierre" },
  beforeLoad: requirePermission(P.MAPA_CALOR_REPORTE_CIERRE),
  loader: ({ context }) => context.queryClient.ensureQueryData(closingMapQuery(rememberedMall())),
  component: ClosingMapScreen,
});
