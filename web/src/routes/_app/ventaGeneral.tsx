import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { monthParam, yearParam } from "../../reports/shared/search.ts";
import { VentaGeneralPage } from "../../reports/venta-general/screen.tsx";
import { reportGuard } from "../../reports/shared/report-route.ts";

export const Route = createFileRoute("/_app/ventaGeneral")({
  beforeLoad: reportGuard,
  validateSearch: z.object({
    tipo: z.enum(["ventaMensual", "ventaMensualM2"]).default("ventaMensual").catch("ventaMensual"),
    anio: yearParam,
    mes: monthParam,
  }),
  component: VentaGeneralPage,
});
