import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { RankVentasPage } from "../../../reports/rank-ventas/screen.tsx";
import { reportGuard } from "../../../reports/shared/report-route.ts";
import { mallParam, monthParam, yearParam } from "../../../reports/shared/search.ts";

export const Route = createFileRoute("/_app/Reportes/RankVentas")({
  beforeLoad: reportGuard,
  validateSearch: z.object({
    tipo: z.enum(["mensual", "anual", "anualM2"]).default("mensual").catch("mensual"),
    anio: yearParam,
    mes: monthParam,
    mall: mallParam(0),
    cebe: z.string().regex(/^[A-Za-z0-9 _.-]{0,20}$/).default("").catch(""),
  }),
  component: RankVentasPage,
});
