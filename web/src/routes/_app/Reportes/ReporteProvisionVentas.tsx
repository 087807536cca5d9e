import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../../contract/permissions.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { ProvisionPage, startProvision } from "../../../reports/provision-ventas/screen.tsx";
import { mallParam, monthParam, yearParam } from "../../../reports/shared/search.ts";

export const Route = createFileRoute("/_app/Reportes/ReporteProvisionVentas")({
  staticData: { title: "Provisión de Ventas" },
  validateSearch: z.object({
    mall: mallParam(0),
    anio: yearParam,
    mes: monthParam,
    contrato: z.string().regex(/^[A-Za-z0-9_.-]{0,30}$/).default("").catch(""),
  }),
  beforeLoad: (ctx) => {
    requirePermission(P.REPORTE_PROVISION)(ctx);
    // A filter change on the screen (not its opening nor a link's preload): the report starts before it draws.
    if (ctx.cause === "stay") startProvision(ctx.context.queryClient, ctx.search);
  },
  component: ProvisionPage,
});
