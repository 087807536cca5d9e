import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../contract/permissions.ts";
import { requirePermission } from "../../lib/guard.ts";
import { monthParam, yearParam } from "../../reports/shared/search.ts";
import { VentaGeneralPage } from "../../reports/venta-general/screen.tsx";

export const Route = createFileRoute("/_app/ventaGeneral")({
  staticData: { title: "Venta General" },
  validateSearch: z.object({
    tipo: z.enum(["ventaMensual", "ventaMensualM2"]).default("ventaMensual").catch("ventaMensual"),
    anio: yearParam,
    mes: monthParam,
  }),
  beforeLoad: requirePermission(P.VENTAS_GENERAL),
  component: VentaGeneralPage,
});
