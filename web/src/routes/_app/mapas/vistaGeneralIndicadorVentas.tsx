import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { rememberedMall, salesMapQuery } from "../../../features/maps/api.ts";
import { SalesMapScreen } from "../../../features/maps/sales-screen.tsx";
import { requirePermission } from "../../../lib/guard.ts";

/** Mapa de calor: Indicador de Ventas (spec 2): the shops coloured by their sales per m2. */
export const Route = createFileRoute("/_app/mapas/vistaGeneralIndicadorVentas")({
  staticData: { title: "Indicador de Ventas" },
  beforeLoad: requirePermission(P.MAPA_CALOR_INDICADOR_VENTAS),
  loader: ({ context }) => context.queryClient.ensureQueryData(salesMapQuery(rememberedMall())),
  component: SalesMapScreen,
});
