import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { rememberedMall, vacancyQuery } from "../../../features/maps/api.ts";
import { VacancyScreen } from "../../../features/maps/vacancy-screen.tsx";
import { requirePermission } from "../../../lib/guard.ts";

/** Mapa de calor: Vacancy (spec 2): the locals' status per mall, and its change. */
export const Route = createFileRoute("/_app/mapas/vacancy")({
  staticData: { title: "Vacancy" },
  beforeLoad: requirePermission(P.MAPA_CALOR_VACANCY),
  loader: ({ context }) => context.queryClient.ensureQueryData(vacancyQuery(rememberedMall())),
  component: VacancyScreen,
});
