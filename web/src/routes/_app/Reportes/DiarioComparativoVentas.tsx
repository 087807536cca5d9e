import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { DiarioComparativoPage } from "../../../reports/diario-comparativo/screen.tsx";
import { reportGuard } from "../../../reports/shared/report-route.ts";
import { rangeDayParam } from "../../../reports/shared/range-search.ts";
import { flagParam, mallParam, yearParam } from "../../../reports/shared/search.ts";

export const Route = createFileRoute("/_app/Reportes/DiarioComparativoVentas")({
  beforeLoad: reportGuard,
  validateSearch: z.object({
    mall: mallParam(3),
    inflacion: flagParam,
    sss: flagParam,
    desde: rangeDayParam,
    hasta: rangeDayParam,
    anioComparativo: yearParam,
  }),
  component: DiarioComparativoPage,
});
