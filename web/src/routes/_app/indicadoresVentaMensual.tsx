import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../contract/permissions.ts";
import { requirePermission } from "../../lib/guard.ts";
import { flagParam, mallParam, yearParam } from "../../reports/shared/search.ts";
import { VentasMensualPage } from "../../reports/ventas-mensual/screen.tsx";
import { reportBeforeLoad } from "../../reports/shared/report-route.ts";

const search = z.object({
  tipo: z.enum(["ventaMensual", "ventaMensualM2", "ventaMensualCerrado"]).default("ventaMensual").catch(
    "ventaMensual",
  ),
  anioComparativo: yearParam,
  inflacion: flagParam,
  sss: flagParam,
  mallRubro: mallParam(0),
  mallEvolucion: mallParam(0),
  rubro: z.number().int().min(0).default(0).catch(0),
});

export const Route = createFileRoute("/_app/indicadoresVentaMensual")({
  staticData: { title: "Ventas Mensual" },
  validateSearch: search,
  beforeLoad: (ctx) => {
    requirePermission(P.VENTAS_MENSUAL)(ctx);
    // Opening: the catalogue asked at once. A filter change: the reports start before the screen draws.
    reportBeforeLoad(ctx);
  },
  component: VentasMensualPage,
});
