import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { BitacoraPage } from "../../reports/bitacora/screen.tsx";
import { reportGuard } from "../../reports/shared/report-route.ts";
import { mallParam } from "../../reports/shared/search.ts";

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined);

export const Route = createFileRoute("/_app/bitacoraEventos")({
  beforeLoad: reportGuard,
  validateSearch: z.object({ unidadEconomicaId: mallParam(3), fechaInicio: isoDay, fechaFin: isoDay }),
  component: BitacoraPage,
});
