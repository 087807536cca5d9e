import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../../contract/permissions.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { dayParam, flagParam, mallParam, yearParam } from "../../../reports/shared/search.ts";
import { VentasCategoriaPage } from "../../../reports/ventas-categoria/screen.tsx";

export const Route = createFileRoute("/_app/Reportes/VentasPorCategoria")({
  staticData: { title: "Ventas por Categoría" },
  validateSearch: z.object({
    tipo: z.enum(["General", "SSS"]).default("General").catch("General"),
    mall: mallParam(3),
    desde: dayParam,
    hasta: dayParam,
    anioComparativo: yearParam,
    inflacion: flagParam,
  }),
  beforeLoad: requirePermission(P.VENTAS_CATEGORIA),
  component: VentasCategoriaPage,
});
