import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { EvolucionVentasPage } from "../../../reports/evolucion-ventas/screen.tsx";
import { evolutionSearch } from "../../../reports/evolucion-ventas/search.ts";
import { reportRoute } from "../../../reports/shared/report-route.ts";

export const Route = createFileRoute("/_app/Reportes/EvolucionVentas")({
  ...reportRoute({
    title: "Evolución Ventas por CEBE",
    permission: P.EVOLUCION_VENTAS,
    search: evolutionSearch,
    report: () => import("../../../reports/evolucion-ventas/screen.tsx").then((m) => m.evolucionVentas),
  }),
  component: EvolucionVentasPage,
});
