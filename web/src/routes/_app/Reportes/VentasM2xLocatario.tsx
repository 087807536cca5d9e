import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../../contract/permissions.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { dayParam, mallParam } from "../../../reports/shared/search.ts";
import { VentasM2LocatarioPage } from "../../../reports/ventas-m2-locatario/screen.tsx";

export const Route = createFileRoute("/_app/Reportes/VentasM2xLocatario")({
  staticData: { title: "Ventas m2 por Locatario" },
  validateSearch: z.object({ mall: mallParam(3), desde: dayParam, hasta: dayParam }),
  beforeLoad: requirePermission(P.VENTAS_LOCATARIOS_M2),
  component: VentasM2LocatarioPage,
});
