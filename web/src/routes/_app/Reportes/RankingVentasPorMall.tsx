import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../../contract/permissions.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { RankingMallPage } from "../../../reports/ranking-mall/screen.tsx";
import { reportBeforeLoad } from "../../../reports/shared/report-route.ts";
import { flagParam, mallParam, yearParam } from "../../../reports/shared/search.ts";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined);

export const Route = createFileRoute("/_app/Reportes/RankingVentasPorMall")({
  staticData: { title: "Ranking de Ventas por Mall" },
  validateSearch: z.object({
    mall: mallParam(0),
    inflacion: flagParam,
    desde: day,
    hasta: day,
    anioComparativo: yearParam,
  }),
  beforeLoad: (ctx) => {
    requirePermission(P.RANKING_MALL)(ctx);
    // Opening: the catalogue asked at once. A filter change: the reports start before the screen draws.
    reportBeforeLoad(ctx);
  },
  component: RankingMallPage,
});
