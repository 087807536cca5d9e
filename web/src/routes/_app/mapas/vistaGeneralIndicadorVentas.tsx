import { createFileRoute } from "@tanstack/react-router";
import { rememberedMall, salesMapQuery } from "../../../features/maps/api.ts";
import { SalesMapScreen } from "../../../features/maps/sales-screen.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";

/** Mapa de calor: Indicador de Ventas (spec 2): the shops coloured by their sales per m2. */
export const Route = createFileRoute("/_app/mapas/vistaGeneralIndicadorVentas")({
  beforeLoad: screenGuard,
  loader: ({ context }) => context.queryClient.ensureQueryData(salesMapQuery(rememberedMall())),
  component: SalesMapScreen,
});
