import { createFileRoute } from "@tanstack/react-router";
import { reportRoute } from "../../../reports/shared/report-route.ts";
import { VentasPresupuestoPage } from "../../../reports/ventas-presupuesto/screen.tsx";
import { presupuestoSearch } from "../../../reports/ventas-presupuesto/search.ts";

export const Route = createFileRoute("/_app/Reportes/VentaconContrato")({
  ...reportRoute({
    search: presupuestoSearch,
    report: () => import("../../../reports/ventas-presupuesto/screen.tsx").then((m) => m.ventasPresupuesto),
  }),
  component: VentasPresupuestoPage,
});
