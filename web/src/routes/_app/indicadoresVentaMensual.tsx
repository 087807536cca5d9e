import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { flagParam, mallParam, yearParam } from "../../reports/shared/search.ts";
import { VentasMensualPage } from "../../reports/ventas-mensual/screen.tsx";
import { reportGuard } from "../../reports/shared/report-route.ts";

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
  beforeLoad: reportGuard,
  validateSearch: search,
  component: VentasMensualPage,
});
