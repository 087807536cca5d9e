import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../../contract/permissions.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { CLOSING_COLUMNS, type ClosingColumn } from "../../../reports/general-ventas/columns.ts";
import { GeneralVentasPage } from "../../../reports/general-ventas/screen.tsx";
import { reportBeforeLoad } from "../../../reports/shared/report-route.ts";
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
    // Opening: the catalogue asked at once. A filter change: the reports start before the screen draws.
    reportBeforeLoad(ctx);
  },
  component: GeneralVentasPage,
});
