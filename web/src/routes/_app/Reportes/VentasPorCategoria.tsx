import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../../contract/permissions.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { dayParam, flagParam, mallParam, yearParam } from "../../../reports/shared/search.ts";
import { VentasCategoriaPage } from "../../../reports/ventas-categoria/screen.tsx";
import { reportBeforeLoad } from "../../../reports/shared/report-route.ts";

export const Route = createFileRoute("/_app/Reportes/VentasPorCategoria")({
  staticData: { title: "Ventas por Categoría" },
  validateSearch: z.object({
    tipo: z.enum(["General", "SSS"]).default("General").catch("General"),
    mall: mallParam(3),
    desde: dayParam,
    hasta: dayParam,
    anioComparativo: yearParam,
    inflacion: flagParam,
  }),
  beforeLoad: (ctx) => {
    requirePermission(P.VENTAS_CATEGORIA)(ctx);
    // Opening: the catalogue asked at once. A filter change: the reports start before the screen draws.
    reportBeforeLoad(ctx);
  },
  component: VentasCategoriaPage,
});
