import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../../contract/permissions.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { ProvisionPage } from "../../../reports/provision-ventas/screen.tsx";
import { reportBeforeLoad } from "../../../reports/shared/report-route.ts";
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
    // Opening: the catalogue asked at once. A filter change: the reports start before the screen draws.
    reportBeforeLoad(ctx);
  },
  component: ProvisionPage,
});
