import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { explorerSearch } from "../../../reports/explorador/search.ts";
import { ExploradorPage } from "../../../reports/explorador/screen.tsx";
import { reportBeforeLoad } from "../../../reports/shared/report-route.ts";

export const Route = createFileRoute("/_app/Reportes/ExploradorVentas")({
  staticData: { title: "Explorador de Ventas" },
  validateSearch: explorerSearch,
  beforeLoad: (ctx) => {
    requirePermission(P.EXPLORADOR_VENTAS)(ctx);
    reportBeforeLoad(ctx);
  },
  component: ExploradorPage,
});
