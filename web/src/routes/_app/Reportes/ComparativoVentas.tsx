import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../../contract/permissions.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { ComparativoVentasPage } from "../../../reports/comparativo-ventas/screen.tsx";
import { reportBeforeLoad } from "../../../reports/shared/report-route.ts";
import { rangeDayParam } from "../../../reports/shared/range-search.ts";
import { mallParam } from "../../../reports/shared/search.ts";

export const Route = createFileRoute("/_app/Reportes/ComparativoVentas")({
  staticData: { title: "Comparativo de Ventas" },
  validateSearch: z.object({ mall: mallParam(0), desde: rangeDayParam, hasta: rangeDayParam }),
  beforeLoad: (ctx) => {
    requirePermission(P.COMPARATIVO_VENTAS)(ctx);
    // Opening: the catalogue asked at once. A filter change: the reports start before the screen draws.
    reportBeforeLoad(ctx);
  },
  component: ComparativoVentasPage,
});
