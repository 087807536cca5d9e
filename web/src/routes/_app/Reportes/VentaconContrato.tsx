import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../../contract/permissions.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { flagParam, mallParam, monthParam, yearParam } from "../../../reports/shared/search.ts";
import {
  startVentasPresupuesto,
  VentasPresupuestoPage,
} from "../../../reports/ventas-presupuesto/screen.tsx";

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
    // A filter change on the screen (not its opening nor a link's preload): the report starts before it draws.
    if (ctx.cause === "stay") startVentasPresupuesto(ctx.context.queryClient, ctx.search);
  },
  component: VentasPresupuestoPage,
});
