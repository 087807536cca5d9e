import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../contract/permissions.ts";
import { requirePermission } from "../../lib/guard.ts";
import { monthParam, yearParam } from "../../reports/shared/search.ts";
import { startVentaGeneral, VentaGeneralPage } from "../../reports/venta-general/screen.tsx";

export const Route = createFileRoute("/_app/ventaGeneral")({
  staticData: { title: "Venta General" },
  validateSearch: z.object({
    tipo: z.enum(["ventaMensual", "ventaMensualM2"]).default("ventaMensual").catch("ventaMensual"),
    anio: yearParam,
    mes: monthParam,
  }),
  beforeLoad: (ctx) => {
    requirePermission(P.VENTAS_GENERAL)(ctx);
    // A filter change on the screen (not its opening nor a link's preload): the report starts before it draws.
    if (ctx.cause === "stay") startVentaGeneral(ctx.context.queryClient, ctx.search);
  },
  component: VentaGeneralPage,
});
