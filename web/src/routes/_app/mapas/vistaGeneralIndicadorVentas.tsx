import { createFileRoute } from "@tanstack/react-router";
import { rememberedMall, salesMapQuery } from "../../../features/maps/api.ts";
import { SalesMapScreen } from "../../../features/maps/sales-screen.tsx";
import { screenRoute } from "../../../lib/screen-route.ts";

/** Mapa de calor: Indicador de Ventas (spec 2): the shops coloured by their sales per m2. */
export const Route = createFileRoute("/_app/mapas/vistaGeneralIndicadorVentas")({
  ...screenRoute("/mapas/vistaGeneralIndicadorVentas"),
  loader: ({ context }) => context.queryClient.ensureQueryData(salesMapQuery(rememberedMall())),
  component: SalesMapScreen,
});
