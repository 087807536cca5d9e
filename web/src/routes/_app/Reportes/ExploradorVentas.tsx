import { createFileRoute } from "@tanstack/react-router";
import { explorerSearch } from "../../../reports/explorador/search.ts";
import { ExploradorPage } from "../../../reports/explorador/screen.tsx";
import { reportGuard } from "../../../reports/shared/report-route.ts";

export const Route = createFileRoute("/_app/Reportes/ExploradorVentas")({
  beforeLoad: reportGuard,
  validateSearch: explorerSearch,
  component: ExploradorPage,
});
