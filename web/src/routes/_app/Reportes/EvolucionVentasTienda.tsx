import { createFileRoute } from "@tanstack/react-router";
import { EvolucionVentasTiendaPage } from "../../../reports/evolucion-ventas/screen.tsx";
import { evolutionSearch } from "../../../reports/evolucion-ventas/search.ts";
import { reportRoute } from "../../../reports/shared/report-route.ts";

export const Route = createFileRoute("/_app/Reportes/EvolucionVentasTienda")({
  ...reportRoute({
    search: evolutionSearch,
    report: () => import("../../../reports/evolucion-ventas/screen.tsx").then((m) => m.evolucionTienda),
  }),
  component: EvolucionVentasTiendaPage,
});
