import { createFileRoute } from "@tanstack/react-router";
import { rememberedMall, vacancyQuery } from "../../../features/maps/api.ts";
import { VacancyScreen } from "../../../features/maps/vacancy-screen.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";

/** Mapa de calor: Vacancy (spec 2): the locals' status per mall, and its change. */
export const Route = createFileRoute("/_app/mapas/vacancy")({
  beforeLoad: screenGuard,
  loader: ({ context }) => context.queryClient.ensureQueryData(vacancyQuery(rememberedMall())),
  component: VacancyScreen,
});
