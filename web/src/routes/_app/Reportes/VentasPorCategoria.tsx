import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../../contract/permissions.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { dayParam, flagParam, mallParam, yearParam } from "../../../reports/shared/search.ts";
import { startVentasCategoria, VentasCategoriaPage } from "../../../reports/ventas-categoria/screen.tsx";

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
    // A filter change on the screen (not its opening nor a link's preload): the report starts before it draws.
    if (ctx.cause === "stay") startVentasCategoria(ctx.context.queryClient, ctx.search);
  },
  component: VentasCategoriaPage,
});
