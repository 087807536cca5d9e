import { createFileRoute } from "@tanstack/react-router";
import { closingMapQuery, rememberedMall } from "../../../features/maps/api.ts";
import { ClosingMapScreen } from "../../../features/maps/closing-screen.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";

/** Mapa de calor: Reporte de Cierre (spec 2): the shops coloured by how up to date their closings are. */
export const Route = createFileRoute("/_app/mapas/vistaGeneralReporteCierre")({
  beforeLoad: screenGuard,
  loader: ({ context }) => context.queryClient.ensureQueryData(closingMapQuery(rememberedMall())),
  component: ClosingMapScreen,
});
