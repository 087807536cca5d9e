import { createFileRoute } from "@tanstack/react-router";
import { ComparativoVentasPage } from "../../../reports/comparativo-ventas/screen.tsx";
import { comparativoSearch } from "../../../reports/comparativo-ventas/search.ts";
import { reportRoute } from "../../../reports/shared/report-route.ts";

export const Route = createFileRoute("/_app/Reportes/ComparativoVentas")({
  ...reportRoute({
    search: comparativoSearch,
    report: () => import("../../../reports/comparativo-ventas/screen.tsx").then((m) => m.comparativoVentas),
  }),
  component: ComparativoVentasPage,
});
