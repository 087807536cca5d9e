import { createFileRoute } from "@tanstack/react-router";
import { EvolucionVentasPage } from "../../../reports/evolucion-ventas/screen.tsx";
import { evolutionSearch } from "../../../reports/evolucion-ventas/search.ts";
import { reportRoute } from "../../../reports/shared/report-route.ts";

export const Route = createFileRoute("/_app/Reportes/EvolucionVentas")({
  ...reportRoute({
    search: evolutionSearch,
    report: () => import("../../../reports/evolucion-ventas/screen.tsx").then((m) => m.evolucionVentas),
  }),
  component: EvolucionVentasPage,
});
