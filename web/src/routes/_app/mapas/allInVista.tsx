import { createFileRoute } from "@tanstack/react-router";
import { AllInScreen } from "../../../features/maps/all-in-screen.tsx";
import { allInMapQuery, rememberedMall } from "../../../features/maps/api.ts";
import { screenGuard } from "../../../lib/screen-guard.ts";

/** Mapa de calor: All In (spec 2): the shops coloured by their occupancy cost over sales. */
export const Route = createFileRoute("/_app/mapas/allInVista")({
  beforeLoad: screenGuard,
  loader: ({ context }) => context.queryClient.ensureQueryData(allInMapQuery(rememberedMall())),
  component: AllInScreen,
});
