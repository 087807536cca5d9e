import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../../contract/permissions.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { dayParam, mallParam } from "../../../reports/shared/search.ts";
import {
  startVentasM2Locatario,
  VentasM2LocatarioPage,
} from "../../../reports/ventas-m2-locatario/screen.tsx";

export const Route = createFileRoute("/_app/Reportes/VentasM2xLocatario")({
  staticData: { title: "Ventas m2 por Locatario" },
  validateSearch: z.object({ mall: mallParam(3), desde: dayParam, hasta: dayParam }),
  beforeLoad: (ctx) => {
    requirePermission(P.VENTAS_LOCATARIOS_M2)(ctx);
    // A filter change on the screen (not its opening nor a link's preload): the report starts before it draws.
    if (ctx.cause === "stay") startVentasM2Locatario(ctx.context.queryClient, ctx.search);
  },
  component: VentasM2LocatarioPage,
});
