import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../contract/permissions.ts";
import { requirePermission } from "../../lib/guard.ts";
import { monthParam, yearParam } from "../../reports/shared/search.ts";
import { VentaGeneralPage } from "../../reports/venta-general/screen.tsx";
import { reportBeforeLoad } from "../../reports/shared/report-route.ts";

export const Route = createFileRoute("/_app/ventaGeneral")({
  staticData: { title: "Venta General" },
  validateSearch: z.object({
    tipo: z.enum(["ventaMensual", "ventaMensualM2"]).default("ventaMensual").catch("ventaMensual"),
    anio: yearParam,
    mes: monthParam,
  }),
  beforeLoad: (ctx) => {
    requirePermission(P.VENTAS_GENERAL)(ctx);
    // Opening: the catalogue asked at once. A filter change: the reports start before the screen draws.
    reportBeforeLoad(ctx);
  },
  component: VentaGeneralPage,
});
