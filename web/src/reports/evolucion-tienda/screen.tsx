import { getRouteApi } from "@tanstack/react-router";
import { EvolutionPage, toParams } from "../evolucion-ventas/screen.tsx";

const route = getRouteApi("/_app/Reportes/EvolucionVentasTienda");

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
