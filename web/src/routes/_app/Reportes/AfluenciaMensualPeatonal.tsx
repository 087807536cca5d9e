import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { P } from "../../../../../contract/permissions.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { startTraffic, TRAFFIC_TITLES, TrafficPage } from "../../../reports/afluencia/screen.tsx";
import { mallParam, monthParam, yearParam } from "../../../reports/shared/search.ts";

export const Route = createFileRoute("/_app/Reportes/AfluenciaMensualPeatonal")({
  staticData: { title: TRAFFIC_TITLES.mensual.peatonal },
  validateSearch: z.object({
    unidadEconomicaId: mallParam(3),
    anio: yearParam,
    mes: monthParam,
    anioComparativo: yearParam,
    zona: z.enum(["Perimetro", "Oasis"]).default("Perimetro").catch("Perimetro"),
  }),
  beforeLoad: (ctx) => {
    requirePermission(P.AFLUENCIA_MENSUAL_PEATONAL)(ctx);
    // A filter change on the screen (not its opening nor a link's preload): the report starts before it draws.
    if (ctx.cause === "stay") startTraffic(ctx.context.queryClient, "peatonal", "mensual", ctx.search);
  },
  component: Page,
});

function Page() {
  const navigate = Route.useNavigate();
  return (
    <TrafficPage
      kind="peatonal"
      period="mensual"
      search={Route.useSearch()}
      onSearch={(next) => navigate({ replace: true, search: (old) => ({ ...old, ...next }) })}
    />
  );
}
