import { createFileRoute } from "@tanstack/react-router";
import { reportRoute } from "../../../reports/shared/report-route.ts";
import { VentasDiaPage } from "../../../reports/ventas-dia/screen.tsx";
import { ventasDiaSearch } from "../../../reports/ventas-dia/search.ts";

export const Route = createFileRoute("/_app/Reportes/ReporteDiaIndex")({
  ...reportRoute({
    search: ventasDiaSearch,
    report: () => import("../../../reports/ventas-dia/screen.tsx").then((m) => m.ventasDia),
  }),
  component: VentasDiaPage,
});
