import { createFileRoute } from "@tanstack/react-router";
import { DiarioComparativoPage } from "../../../reports/diario-comparativo/screen.tsx";
import { diarioSearch } from "../../../reports/diario-comparativo/search.ts";
import { reportRoute } from "../../../reports/shared/report-route.ts";

export const Route = createFileRoute("/_app/Reportes/DiarioComparativoVentas")({
  ...reportRoute({
    search: diarioSearch,
    report: () => import("../../../reports/diario-comparativo/screen.tsx").then((m) => m.diarioComparativo),
  }),
  component: DiarioComparativoPage,
});
