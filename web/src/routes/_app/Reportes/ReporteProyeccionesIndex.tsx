import { createFileRoute } from "@tanstack/react-router";
import { FlashPage } from "../../../reports/flash-semanal/screen.tsx";
import { flashSearch } from "../../../reports/flash-semanal/search.ts";
import { reportRoute } from "../../../reports/shared/report-route.ts";

export const Route = createFileRoute("/_app/Reportes/ReporteProyeccionesIndex")({
  ...reportRoute({
    search: flashSearch,
    report: () => import("../../../reports/flash-semanal/screen.tsx").then((m) => m.flashSemanal),
  }),
  component: FlashPage,
});
