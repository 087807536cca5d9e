import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../../contract/permissions.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { TrafficPage } from "../../../reports/afluencia/screen.tsx";
import { fortnightParam } from "../../../reports/afluencia/fortnight.ts";
import { TRAFFIC_TITLES } from "../../../reports/afluencia/titles.ts";
import { reportBeforeLoad } from "../../../reports/shared/report-route.ts";
import { mallParam, monthParam, yearParam } from "../../../reports/shared/search.ts";

export const Route = createFileRoute("/_app/Reportes/AfluenciaDiariaParking")({
  staticData: { title: TRAFFIC_TITLES.diaria.parking },
  validateSearch: z.object({
    unidadEconomicaId: mallParam(3),
    anio: yearParam,
    mes: monthParam,
    anioComparativo: yearParam,
    quincena: fortnightParam,
    zona: z.enum(["Perimetro", "Oasis"]).default("Perimetro").catch("Perimetro"),
  }),
  beforeLoad: (ctx) => {
    requirePermission(P.AFLUENCIA_DIARIA_PARKING)(ctx);
    // Opening: the catalogue asked at once. A filter change: the reports start before the screen draws.
    reportBeforeLoad(ctx);
  },
  component: Page,
});

function Page() {
  const navigate = Route.useNavigate();
  return (
    <TrafficPage
      kind="parking"
      period="diaria"
      search={Route.useSearch()}
      onSearch={(next) => navigate({ replace: true, search: (old) => ({ ...old, ...next }) })}
    />
  );
}
