import { createFileRoute } from "@tanstack/react-router";
import { reportRoute } from "../../reports/shared/report-route.ts";
import { VentaGeneralPage } from "../../reports/venta-general/screen.tsx";
import { ventaGeneralSearch } from "../../reports/venta-general/search.ts";

export const Route = createFileRoute("/_app/ventaGeneral")({
  ...reportRoute({
    search: ventaGeneralSearch,
    report: () => import("../../reports/venta-general/screen.tsx").then((m) => m.ventaGeneral),
  }),
  component: VentaGeneralPage,
});
