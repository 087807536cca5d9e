import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../../contract/permissions.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { CLOSING_COLUMNS, type ClosingColumn } from "../../../reports/general-ventas/report.ts";
import { GeneralVentasPage } from "../../../reports/general-ventas/screen.tsx";
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
  beforeLoad: requirePermission(P.GENERAL_VENTAS),
  component: GeneralVentasPage,
});
