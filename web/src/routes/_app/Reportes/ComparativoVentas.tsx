import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { ComparativoVentasPage } from "../../../reports/comparativo-ventas/screen.tsx";
import { reportGuard } from "../../../reports/shared/report-route.ts";
import { rangeDayParam } from "../../../reports/shared/range-search.ts";
import { mallParam } from "../../../reports/shared/search.ts";

export const Route = createFileRoute("/_app/Reportes/ComparativoVentas")({
  beforeLoad: reportGuard,
  validateSearch: z.object({ mall: mallParam(0), desde: rangeDayParam, hasta: rangeDayParam }),
  component: ComparativoVentasPage,
});
