import { createFileRoute } from "@tanstack/react-router";
import { GeneralVentasPage } from "../../../reports/general-ventas/screen.tsx";
import { generalVentasSearch } from "../../../reports/general-ventas/search.ts";
import { reportRoute } from "../../../reports/shared/report-route.ts";

export const Route = createFileRoute("/_app/Reportes/GeneralVentas")({
  ...reportRoute({
    search: generalVentasSearch,
    report: () => import("../../../reports/general-ventas/screen.tsx").then((m) => m.generalVentas),
  }),
  component: GeneralVentasPage,
});
