import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { CLOSING_COLUMNS, type ClosingColumn } from "../../../reports/general-ventas/columns.ts";
import { GeneralVentasPage } from "../../../reports/general-ventas/screen.tsx";
import { reportGuard } from "../../../reports/shared/report-route.ts";
import { dayParam, flagParam, pageParam } from "../../../reports/shared/search.ts";

export const Route = createFileRoute("/_app/Reportes/GeneralVentas")({
  beforeLoad: reportGuard,
  validateSearch: z.object({
    desde: dayParam,
    hasta: dayParam,
    orden: z.enum(CLOSING_COLUMNS as [ClosingColumn, ...ClosingColumn[]]).optional().catch(undefined),
    desc: flagParam,
    pagina: pageParam,
  }),
  component: GeneralVentasPage,
});
