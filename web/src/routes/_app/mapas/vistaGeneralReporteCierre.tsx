import { createFileRoute } from "@tanstack/react-router";
import { closingMapQuery, rememberedMall } from "../../../features/maps/api.ts";
import { ClosingMapScreen } from "../../../features/maps/closing-screen.tsx";
import { screenRoute } from "../../../lib/screen-route.ts";

/** Mapa de calor: Reporte de Cierre (spec 2): the shops coloured by how up to date their closings are. */
export const Route = createFileRoute("/_app/mapas/vistaGeneralReporteCierre")({
  ...screenRoute("/mapas/vistaGeneralReporteCierre"),
  loader: ({ context }) => context.queryClient.ensureQueryData(closingMapQuery(rememberedMall())),
  component: ClosingMapScreen,
});
