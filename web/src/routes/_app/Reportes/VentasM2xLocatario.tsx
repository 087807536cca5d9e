import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { dayParam, mallParam } from "../../../reports/shared/search.ts";
import { VentasM2LocatarioPage } from "../../../reports/ventas-m2-locatario/screen.tsx";
import { reportGuard } from "../../../reports/shared/report-route.ts";

export const Route = createFileRoute("/_app/Reportes/VentasM2xLocatario")({
  beforeLoad: reportGuard,
  validateSearch: z.object({ mall: mallParam(3), desde: dayParam, hasta: dayParam }),
  component: VentasM2LocatarioPage,
});
