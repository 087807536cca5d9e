import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../../contract/permissions.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { dayParam, mallParam } from "../../../reports/shared/search.ts";
import { VentasM2LocatarioPage } from "../../../reports/ventas-m2-locatario/screen.tsx";
import { reportBeforeLoad } from "../../../reports/shared/report-route.ts";

export const Route = createFileRoute("/_app/Reportes/VentasM2xLocatario")({
  staticData: { title: "Ventas m2 por Locatario" },
  validateSearch: z.object({ mall: mallParam(3), desde: dayParam, hasta: dayParam }),
  beforeLoad: (ctx) => {
    requirePermission(P.VENTAS_LOCATARIOS_M2)(ctx);
    // Opening: the catalogue asked at once. A filter change: the reports start before the screen draws.
    reportBeforeLoad(ctx);
  },
  component: VentasM2LocatarioPage,
});
