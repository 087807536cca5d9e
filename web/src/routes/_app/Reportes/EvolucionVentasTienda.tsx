import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../../contract/permissions.ts";
import { requirePermission } from "../../../lib/guard.ts";
import {
  EvolucionVentasTiendaPage,
  startEvolucionTienda,
} from "../../../reports/evolucion-tienda/screen.tsx";
import { mallParam, monthParam, yearParam } from "../../../reports/shared/search.ts";

export const Route = createFileRoute("/_app/Reportes/EvolucionVentasTienda")({
  staticData: { title: "Evolución Ventas por Tienda" },
  validateSearch: z.object({
    mall: mallParam(0),
    anio: yearParam,
    mes: monthParam,
    anioComparativo: yearParam,
    frecuencia: z.enum(["diaria", "mensual"]).default("mensual").catch("mensual"),
  }),
  beforeLoad: (ctx) => {
    requirePermission(P.EVOLUCION_VENTAS_TIENDA)(ctx);
    // A filter change on the screen (not its opening nor a link's preload): the report starts before it draws.
    if (ctx.cause === "stay") startEvolucionTienda(ctx.context.queryClient, ctx.search);
  },
  component: EvolucionVentasTiendaPage,
});
