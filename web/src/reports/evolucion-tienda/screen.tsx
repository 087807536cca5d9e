import type { QueryClient } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import {
  EvolutionPage,
  type EvolutionParams,
  startEvolution,
  toParams,
} from "../evolucion-ventas/screen.tsx";
import { startsOnFilterChange } from "../shared/report-route.ts";

const route = getRouteApi("/_app/Reportes/EvolucionVentasTienda");

/** A filter change (the route's beforeLoad): the tables by contract start before the screen is drawn. */
const startEvolucionTienda = (client: QueryClient, s: EvolutionParams) =>
  startEvolution(client, "contract", s);
startsOnFilterChange(route, startEvolucionTienda);

/** Evolución Ventas por Tienda: the CeBe screen by contract; a contract's row opens its sales curve. */
export function EvolucionVentasTiendaPage() {
  const s = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <EvolutionPage
      by="contract"
      params={s}
      onChange={(n) => navigate({ replace: true, search: (old) => ({ ...old, ...toParams(n) }) })}
    />
  );
}
