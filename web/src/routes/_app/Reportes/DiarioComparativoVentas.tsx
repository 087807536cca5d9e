import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../../contract/permissions.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { DiarioComparativoPage } from "../../../reports/diario-comparativo/screen.tsx";
import { reportBeforeLoad } from "../../../reports/shared/report-route.ts";
import { rangeDayParam } from "../../../reports/shared/range-search.ts";
import { flagParam, mallParam, yearParam } from "../../../reports/shared/search.ts";

export const Route = createFileRoute("/_app/Reportes/DiarioComparativoVentas")({
  staticData: { title: "Diario Comparativo" },
  validateSearch: z.object({
    mall: mallParam(3),
    inflacion: flagParam,
    sss: flagParam,
    desde: rangeDayParam,
    hasta: rangeDayParam,
    anioComparativo: yearParam,
  }),
  beforeLoad: (ctx) => {
    requirePermission(P.DIARIO_COMPARATIVO)(ctx);
    // Opening: the catalogue asked at once. A filter change: the reports start before the screen draws.
    reportBeforeLoad(ctx);
  },
  component: DiarioComparativoPage,
});
