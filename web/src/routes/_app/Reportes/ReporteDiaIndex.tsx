import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../../contract/permissions.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { dayParam, flagParam, mallParam } from "../../../reports/shared/search.ts";
import { VentasDiaPage } from "../../../reports/ventas-dia/screen.tsx";
import { reportBeforeLoad } from "../../../reports/shared/report-route.ts";

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
    // Opening: the catalogue asked at once. A filter change: the reports start before the screen draws.
    reportBeforeLoad(ctx);
  },
  component: VentasDiaPage,
});
