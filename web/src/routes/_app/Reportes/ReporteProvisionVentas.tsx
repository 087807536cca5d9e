import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { ProvisionPage } from "../../../reports/provision-ventas/screen.tsx";
import { reportGuard } from "../../../reports/shared/report-route.ts";
import { mallParam, monthParam, yearParam } from "../../../reports/shared/search.ts";

export const Route = createFileRoute("/_app/Reportes/ReporteProvisionVentas")({
  beforeLoad: reportGuard,
  validateSearch: z.object({
    mall: mallParam(0),
    anio: yearParam,
    mes: monthParam,
    contrato: z.string().regex(/^[A-Za-z0-9_.-]{0,30}$/).default("").catch(""),
  }),
  component: ProvisionPage,
});
