import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { categoriesQuery } from "../../../features/maps/api.ts";
import { CategoriesScreen } from "../../../features/maps/categories-screen.tsx";
import { requirePermission } from "../../../lib/guard.ts";

/** Mapa de calor: Gestión de Categorías (spec 2): the category traffic lights of the All-In map. */
export const Route = createFileRoute("/_app/mapas/allInGestionCategoria")({
  staticData: { title: "Gestión de Categorías" },
  beforeLoad: requirePermission(P.MAPA_CALOR_ALL_IN),
  loader: ({ context }) => context.queryClient.ensureQueryData(categoriesQuery),
  component: CategoriesScreen,
});
