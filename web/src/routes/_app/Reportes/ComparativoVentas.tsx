import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../../contract/permissions.ts";
import { requirePermission } from "../../../lib/guard.ts";
import {
  ComparativoVentasPage,
  startComparativoVentas,
} from "../../../reports/comparativo-ventas/screen.tsx";
import { rangeDayParam } from "../../../reports/shared/range-search.ts";
import { mallParam } from "../../../reports/shared/search.ts";

export const Route = createFileRoute("/_app/Reportes/ComparativoVentas")({
  staticData: { title: "Comparativo de Ventas" },
  validateSearch: z.object({ mall: mallParam(0), desde: rangeDayParam, hasta: rangeDayParam }),
  beforeLoad: (ctx) => {
    requirePermission(P.COMPARATIVO_VENTAS)(ctx);
    // A filter change on the screen (not its opening nor a link's preload): the report starts before it draws.
    if (ctx.cause === "stay") startComparativoVentas(ctx.context.queryClient, ctx.search);
  },
  component: ComparativoVentasPage,
});
