import { createFileRoute } from "@tanstack/react-router";
import { ProvisionPage } from "../../../reports/provision-ventas/screen.tsx";
import { provisionSearch } from "../../../reports/provision-ventas/search.ts";
import { reportRoute } from "../../../reports/shared/report-route.ts";

export const Route = createFileRoute("/_app/Reportes/ReporteProvisionVentas")({
  ...reportRoute({
    search: provisionSearch,
    report: () => import("../../../reports/provision-ventas/screen.tsx").then((m) => m.provisionVentas),
  }),
  component: ProvisionPage,
});
