import { createFileRoute } from "@tanstack/react-router";
import { reportRoute } from "../../reports/shared/report-route.ts";
import { VentasMensualPage } from "../../reports/ventas-mensual/screen.tsx";
import { ventasMensualSearch } from "../../reports/ventas-mensual/search.ts";

export const Route = createFileRoute("/_app/indicadoresVentaMensual")({
  ...reportRoute({
    search: ventasMensualSearch,
    report: () => import("../../reports/ventas-mensual/screen.tsx").then((m) => m.ventasMensual),
  }),
  component: VentasMensualPage,
});
