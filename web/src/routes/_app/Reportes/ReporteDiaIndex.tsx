import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { dayParam, flagParam, mallParam } from "../../../reports/shared/search.ts";
import { VentasDiaPage } from "../../../reports/ventas-dia/screen.tsx";
import { reportGuard } from "../../../reports/shared/report-route.ts";

export const Route = createFileRoute("/_app/Reportes/ReporteDiaIndex")({
  beforeLoad: reportGuard,
  validateSearch: z.object({
    tipo: z.enum(["dia", "acumulada", "m2", "m2acumulada"]).default("dia").catch("dia"),
    mall: mallParam(0),
    fecha: dayParam,
    inflacion: flagParam,
  }),
  component: VentasDiaPage,
});
