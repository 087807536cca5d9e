import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../../contract/permissions.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { RankVentasPage } from "../../../reports/rank-ventas/screen.tsx";
import { reportBeforeLoad } from "../../../reports/shared/report-route.ts";
import { mallParam, monthParam, yearParam } from "../../../reports/shared/search.ts";

export const Route = createFileRoute("/_app/Reportes/RankVentas")({
  staticData: { title: "Ranking de Ventas" },
  validateSearch: z.object({
    tipo: z.enum(["mensual", "anual", "anualM2"]).default("mensual").catch("mensual"),
    anio: yearParam,
    mes: monthParam,
    mall: mallParam(0),
    cebe: z.string().regex(/^[A-Za-z0-9 _.-]{0,20}$/).default("").catch(""),
  }),
  beforeLoad: (ctx) => {
    requirePermission(P.RANKING_VENTAS)(ctx);
    // Opening: the catalogue asked at once. A filter change: the reports start before the screen draws.
    reportBeforeLoad(ctx);
  },
  component: RankVentasPage,
});
