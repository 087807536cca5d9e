import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../../contract/permissions.ts";
import { requirePermission } from "../../../lib/guard.ts";
import {
  DiarioComparativoPage,
  startDiarioComparativo,
} from "../../../reports/diario-comparativo/screen.tsx";
import { rangeDayParam } from "../../../reports/shared/range-search.ts";
import { flagParam, mallParam, yearParam } from "../../../reports/shared/search.ts";

export const Route = createFileRoute("/_app/Reportes/DiarioComparativoVentas")({
  staticData: { title: "Diario Comparativo" },
  validateSearch: z.object({
    mall: mallParam(3),
    inflacion: flagParam,
    sss: flagParam,
    desde: rangeDayParam,
    hasta: rangeDayParam,
    anioComparativo: yearParam,
  }),
  beforeLoad: (ctx) => {
    requirePermission(P.DIARIO_COMPARATIVO)(ctx);
    // A filter change on the screen (not its opening nor a link's preload): the report starts before it draws.
    if (ctx.cause === "stay") startDiarioComparativo(ctx.context.queryClient, ctx.search);
  },
  component: DiarioComparativoPage,
});
