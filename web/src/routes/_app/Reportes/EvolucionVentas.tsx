import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../../contract/permissions.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { EvolucionVentasPage } from "../../../reports/evolucion-ventas/screen.tsx";
import { reportBeforeLoad } from "../../../reports/shared/report-route.ts";
import { mallParam, monthParam, yearParam } from "../../../reports/shared/search.ts";

export const Route = createFileRoute("/_app/Reportes/EvolucionVentas")({
  staticData: { title: "Evolución Ventas por CEBE" },
  validateSearch: z.object({
    mall: mallParam(0),
    anio: yearParam,
    mes: monthParam,
    anioComparativo: yearParam,
    frecuencia: z.enum(["diaria", "mensual"]).default("mensual").catch("mensual"),
  }),
  beforeLoad: (ctx) => {
    requirePermission(P.EVOLUCION_VENTAS)(ctx);
    // Opening: the catalogue asked at once. A filter change: the reports start before the screen draws.
    reportBeforeLoad(ctx);
  },
  component: EvolucionVentasPage,
});
