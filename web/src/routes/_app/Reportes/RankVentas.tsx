import { createFileRoute } from "@tanstack/react-router";
import { RankVentasPage } from "../../../reports/rank-ventas/screen.tsx";
import { rankVentasSearch } from "../../../reports/rank-ventas/search.ts";
import { reportRoute } from "../../../reports/shared/report-route.ts";

export const Route = createFileRoute("/_app/Reportes/RankVentas")({
  ...reportRoute({
    search: rankVentasSearch,
    report: () => import("../../../reports/rank-ventas/screen.tsx").then((m) => m.rankVentas),
  }),
  component: RankVentasPage,
});
