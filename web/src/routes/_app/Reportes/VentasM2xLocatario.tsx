import { createFileRoute } from "@tanstack/react-router";
import { reportRoute } from "../../../reports/shared/report-route.ts";
import { VentasM2LocatarioPage } from "../../../reports/ventas-m2-locatario/screen.tsx";
import { ventasM2LocatarioSearch } from "../../../reports/ventas-m2-locatario/search.ts";

export const Route = createFileRoute("/_app/Reportes/VentasM2xLocatario")({
  ...reportRoute({
    search: ventasM2LocatarioSearch,
    report: () => import("../../../reports/ventas-m2-locatario/screen.tsx").then((m) => m.ventasM2Locatario),
  }),
  component: VentasM2LocatarioPage,
});
