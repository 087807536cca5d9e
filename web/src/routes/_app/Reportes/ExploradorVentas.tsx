import { createFileRoute } from "@tanstack/react-router";
import { explorerSearch } from "../../../reports/explorador/search.ts";
import { ExploradorPage } from "../../../reports/explorador/screen.tsx";
import { reportRoute } from "../../../reports/shared/report-route.ts";

export const Route = createFileRoute("/_app/Reportes/ExploradorVentas")({
  ...reportRoute({
    search: explorerSearch,
    report: () => import("../../../reports/explorador/screen.tsx").then((m) => m.explorer),
  }),
  component: ExploradorPage,
});
