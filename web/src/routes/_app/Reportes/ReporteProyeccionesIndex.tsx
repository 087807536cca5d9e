import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../../contract/permissions.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { FlashPage, startFlash } from "../../../reports/flash-semanal/screen.tsx";
import { mallParam } from "../../../reports/shared/search.ts";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined);

export const Route = createFileRoute("/_app/Reportes/ReporteProyeccionesIndex")({
  staticData: { title: "Flash Semanal" },
  validateSearch: z.object({
    mall: mallParam(0),
    desde: day,
    hasta: day,
    contrato: z.string().regex(/^[A-Za-z0-9_.-]{0,30}$/).default("").catch(""),
  }),
  beforeLoad: (ctx) => {
    requirePermission(P["REPORTE_PROYECCIÓN"])(ctx);
    // A filter change on the screen (not its opening nor a link's preload): the report starts before it draws.
    if (ctx.cause === "stay") startFlash(ctx.context.queryClient, ctx.search);
  },
  component: FlashPage,
});
