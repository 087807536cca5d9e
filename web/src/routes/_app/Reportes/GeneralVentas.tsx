import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../../contract/permissions.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { CLOSING_COLUMNS, type ClosingColumn } from "../../../reports/general-ventas/report.ts";
import { GeneralVentasPage, startGeneralVentas } from "../../../reports/general-ventas/screen.tsx";
import { dayParam, flagParam, pageParam } from "../../../reports/shared/search.ts";

export const Route = createFileRoute("/_app/Reportes/GeneralVentas")({
  staticData: { title: "Reporte General de Ventas" },
  validateSearch: z.object({
    desde: dayParam,
    hasta: dayParam,
    orden: z.enum(CLOSING_COLUMNS as [ClosingColumn, ...ClosingColumn[]]).optional().catch(undefined),
    desc: flagParam,
    pagina: pageParam,
  }),
  beforeLoad: (ctx) => {
    requirePermission(P.GENERAL_VENTAS)(ctx);
    // A filter change on the screen (not its opening nor a link's preload): the report starts before it draws.
    if (ctx.cause === "stay") startGeneralVentas(ctx.context.queryClient, ctx.search);
  },
  component: GeneralVentasPage,
});
