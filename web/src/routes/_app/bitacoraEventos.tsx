import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../contract/permissions.ts";
import { requirePermission } from "../../lib/guard.ts";
import { BitacoraPage } from "../../reports/bitacora/screen.tsx";
import { reportBeforeLoad } from "../../reports/shared/report-route.ts";
import { mallParam } from "../../reports/shared/search.ts";

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined);

export const Route = createFileRoute("/_app/bitacoraEventos")({
  staticData: { title: "Bitácora de Eventos" },
  validateSearch: z.object({ unidadEconomicaId: mallParam(3), fechaInicio: isoDay, fechaFin: isoDay }),
  beforeLoad: (ctx) => {
    requirePermission(P.BITACORA_EVENTOS)(ctx);
    // Opening: the catalogue asked at once. A filter change: the reports start before the screen draws.
    reportBeforeLoad(ctx);
  },
  component: BitacoraPage,
});
