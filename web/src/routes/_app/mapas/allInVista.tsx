import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { AllInScreen } from "../../../features/maps/all-in-screen.tsx";
import { allInMapQuery, rememberedMall } from "../../../features/maps/api.ts";
import { requirePermission } from "../../../lib/guard.ts";

/** Mapa de calor: All In (spec 2): the shops coloured by their occupancy cost over sales. */
export const Route = createFileRoute("/_app/mapas/allInVista")({
  staticData: { title: "All In" },
  beforeLoad: requirePermission(P.MAPA_CALOR_ALL_IN),
  loader: ({ context }) => context.queryClient.ensureQueryData(allInMapQuery(rememberedMall())),
  component: AllInScreen,
});
