import { createFileRoute } from "@tanstack/react-router";
import { AllInScreen } from "../../../features/maps/all-in-screen.tsx";
import { allInMapQuery, rememberedMall } from "../../../features/maps/api.ts";
import { screenRoute } from "../../../lib/screen-route.ts";

/** Mapa de calor: All In (spec 2): the shops coloured by their occupancy cost over sales. */
export const Route = createFileRoute("/_app/mapas/allInVista")({
  ...screenRoute("/mapas/allInVista"),
  loader: ({ context }) => context.queryClient.ensureQueryData(allInMapQuery(rememberedMall())),
  component: AllInScreen,
});
