import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { RankingMallPage } from "../../../reports/ranking-mall/screen.tsx";
import { reportGuard } from "../../../reports/shared/report-route.ts";
import { flagParam, mallParam, yearParam } from "../../../reports/shared/search.ts";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined);

export const Route = createFileRoute("/_app/Reportes/RankingVentasPorMall")({
  beforeLoad: reportGuard,
  validateSearch: z.object({
    mall: mallParam(0),
    inflacion: flagParam,
    desde: day,
    hasta: day,
    anioComparativo: yearParam,
  }),
  component: RankingMallPage,
});
