import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { dayParam, flagParam, mallParam, yearParam } from "../../../reports/shared/search.ts";
import { VentasCategoriaPage } from "../../../reports/ventas-categoria/screen.tsx";
import { reportGuard } from "../../../reports/shared/report-route.ts";

export const Route = createFileRoute("/_app/Reportes/VentasPorCategoria")({
  beforeLoad: reportGuard,
  validateSearch: z.object({
    tipo: z.enum(["General", "SSS"]).default("General").catch("General"),
    mall: mallParam(3),
    desde: dayParam,
    hasta: dayParam,
    anioComparativo: yearParam,
    inflacion: flagParam,
  }),
  component: VentasCategoriaPage,
});
