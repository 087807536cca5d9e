import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { flagParam, mallParam, monthParam, yearParam } from "../../../reports/shared/search.ts";
import { VentasPresupuestoPage } from "../../../reports/ventas-presupuesto/screen.tsx";
import { reportGuard } from "../../../reports/shared/report-route.ts";

export const Route = createFileRoute("/_app/Reportes/VentaconContrato")({
  beforeLoad: reportGuard,
  validateSearch: z.object({
    mall: mallParam(3),
    inflacion: flagParam,
    anio: yearParam,
    mes: monthParam,
    anioComparativo: yearParam,
  }),
  component: VentasPresupuestoPage,
});
