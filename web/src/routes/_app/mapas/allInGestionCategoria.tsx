import { createFileRoute } from "@tanstack/react-router";
import { categoriesQuery } from "../../../features/maps/api.ts";
import { CategoriesScreen } from "../../../features/maps/categories-screen.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";

/** Mapa de calor: Gestión de Categorías (spec 2): the category traffic lights of the All-In map. */
export const Route = createFileRoute("/_app/mapas/allInGestionCategoria")({
  beforeLoad: screenGuard,
  loader: ({ context }) => context.queryClient.ensureQueryData(categoriesQuery),
  component: CategoriesScreen,
});
