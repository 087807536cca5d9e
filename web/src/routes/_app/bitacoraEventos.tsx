import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../contract/permissions.ts";
import { requirePermission } from "../../lib/guard.ts";
import { BitacoraPage, startBitacora } from "../../reports/bitacora/screen.tsx";
import { mallParam } from "../../reports/shared/search.ts";

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined);

export const Route = createFileRoute("/_app/bitacoraEventos")({
  staticData: { title: "Bitácora de Eventos" },
  validateSearch: z.object({ unidadEconomicaId: mallParam(3), fechaInicio: isoDay, fechaFin: isoDay }),
  beforeLoad: (ctx) => {
    requirePermission(P.BITACORA_EVENTOS)(ctx);
    // A filter change on the screen (not its opening nor a link's preload): the report starts before it draws.
    if (ctx.cause === "stay") startBitacora(ctx.context.queryClient, ctx.search);
  },
  component: BitacoraPage,
});
