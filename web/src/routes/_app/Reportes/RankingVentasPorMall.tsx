import { createFileRoute } from "@tanstack/react-router";
import { RankingMallPage } from "../../../reports/ranking-mall/screen.tsx";
import { rankingMallSearch } from "../../../reports/ranking-mall/search.ts";
import { reportRoute } from "../../../reports/shared/report-route.ts";

export const Route = createFileRoute("/_app/Reportes/RankingVentasPorMall")({
  ...reportRoute({
    search: rankingMallSearch,
    report: () => import("../../../reports/ranking-mall/screen.tsx").then((m) => m.rankingMall),
  }),
  component: RankingMallPage,
});
