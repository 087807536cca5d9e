import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../../contract/permissions.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { flagParam, mallParam, monthParam, yearParam } from "../../../reports/shared/search.ts";
import { VentasPresupuestoPage } from "../../../reports/ventas-presupuesto/screen.tsx";
import { reportBeforeLoad } from "../../../reports/shared/report-route.ts";

export const Route = createFileRoute("/_app/Reportes/VentaconContrato")({
  staticData: { title: "Ventas Presupuesto" },
  validateSearch: z.object({
    mall: mallParam(3),
    inflacion: flagParam,
    anio: yearParam,
    mes: monthParam,
    anioComparativo: yearParam,
  }),
  beforeLoad: (ctx) => {
    requirePermission(P.VENTAS_PRESUPUESTO)(ctx);
    // Opening: the catalogue asked at once. A filter change: the reports start before the screen draws.
    reportBeforeLoad(ctx);
  },
  component: VentasPresupuestoPage,
});
