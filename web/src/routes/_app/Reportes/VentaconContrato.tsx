import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../../contract/permissions.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { flagParam, mallParam, monthParam, yearParam } from "../../../reports/shared/search.ts";
import { VentasPresupuestoPage } from "../../../reports/ventas-presupuesto/screen.tsx";

export const Route = createFileRoute("/_app/Reportes/VentaconContrato")({
  staticData: { title: "Ventas Presupuesto" },
  validateSearch: z.object({
    mall: mallParam(3),
    inflacion: flagParam,
    anio: yearParam,
    mes: monthParam,
    anioComparativo: yearParam,
  }),
  beforeLoad: requirePermission(P.VENTAS_PRESUPUESTO),
  component: VentasPresupuestoPage,
});
