import { createFileRoute } from "@tanstack/react-router";
import { day } from "../../../../../contract/fields.ts";
import { P } from "../../../../../contract/permissions.ts";
import { closingsQuery } from "../../../features/tenant/api.ts";
import { ClosingsScreen } from "../../../features/tenant/closings-screen.tsx";
import { closingRange } from "../../../features/tenant/values.ts";
import { tenantScreen } from "../../../features/tenant/tenant-screen.ts";
import { stripTableDefaults, tableSearchSchema } from "../../../lib/table-search.ts";

// A day the server accepts, else the default range's.
const searchDay = day("").optional().catch(undefined);

export const Route = createFileRoute("/_app/cierreVentas/consultarCierre")({
  staticData: { title: "Consultar Cierre de Ventas" },
  validateSearch: tableSearchSchema.extend({ desde: searchDay, hasta: searchDay }),
  search: { middlewares: [stripTableDefaults()] },
  beforeLoad: tenantScreen(P.CONSULTA_CIERRE_LOCATARIO),
  loaderDeps: ({ search }) => closingRange(search),
  loader: async ({ context, deps }) => {
    if (!deps.wrongOrder) await context.queryClient.ensureQueryData(closingsQuery(deps.desde, deps.hasta));
  },
  component: ClosingsScreen,
});
