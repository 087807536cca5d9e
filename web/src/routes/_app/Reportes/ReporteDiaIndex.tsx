import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../../contract/permissions.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { dayParam, flagParam, mallParam } from "../../../reports/shared/search.ts";
import { startVentasDia, VentasDiaPage } from "../../../reports/ventas-dia/screen.tsx";

export const Route = createFileRoute("/_app/Reportes/ReporteDiaIndex")({
  staticData: { title: "Ventas por Día" },
  validateSearch: z.object({
    tipo: z.enum(["dia", "acumulada", "m2", "m2acumulada"]).default("dia").catch("dia"),
    mall: mallParam(0),
    fecha: dayParam,
    inflacion: flagParam,
  }),
  beforeLoad: (ctx) => {
    requirePermission(P.VENTAS_POR_DIA)(ctx);
    // A filter change on the screen (not its opening nor a link's preload): the report starts before it draws.
    if (ctx.cause === "stay") startVentasDia(ctx.context.queryClient, ctx.search);
  },
  component: VentasDiaPage,
});
