import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { FlashPage } from "../../../reports/flash-semanal/screen.tsx";
import { reportGuard } from "../../../reports/shared/report-route.ts";
import { mallParam } from "../../../reports/shared/search.ts";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined);

export const Route = createFileRoute("/_app/Reportes/ReporteProyeccionesIndex")({
  beforeLoad: reportGuard,
  validateSearch: z.object({
    mall: mallParam(0),
    desde: day,
    hasta: day,
    contrato: z.string().regex(/^[A-Za-z0-9_.-]{0,30}$/).default("").catch(""),
  }),
  component: FlashPage,
});
