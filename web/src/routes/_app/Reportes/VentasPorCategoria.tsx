import { createFileRoute } from "@tanstack/react-router";
import { reportRoute } from "../../../reports/shared/report-route.ts";
import { VentasCategoriaPage } from "../../../reports/ventas-categoria/screen.tsx";
import { categorySearch } from "../../../reports/ventas-categoria/search.ts";

export const Route = createFileRoute("/_app/Reportes/VentasPorCategoria")({
  ...reportRoute({
    search: categorySearch,
    report: () => import("../../../reports/ventas-categoria/screen.tsx").then((m) => m.ventasCategoria),
  }),
  component: VentasCategoriaPage,
});
