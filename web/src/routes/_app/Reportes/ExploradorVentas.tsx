import { createFileRoute } from "@tanstack/react-router";
import { explorerSearch } from "../../../reports/explorador/search.ts";
import { ExploradorPage } from "../../../reports/explorador/screen.tsx";
import { reportRoute } from "../../../reports/shared/report-route.ts";

export const Route = createFileRoute("/_app/Reportes/ExploradorVentas")({
  ...reportRoute("/Reportes/ExploradorVentas"),
  validateSearch: explorerSearch,
  component: ExploradorPage,
});
