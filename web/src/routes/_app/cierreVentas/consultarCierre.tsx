import { createFileRoute } from "@tanstack/react-router";
import { day } from "#contract/fields.ts";
import { closingsQuery } from "../../../features/tenant/api.ts";
import { ClosingsScreen } from "../../../features/tenant/closings-screen.tsx";
import { closingRange } from "../../../features/tenant/values.ts";
import { screenGuard } from "../../../lib/screen-guard.ts";
import { stripTableDefaults, tableSearchSchema } from "../../../lib/table-search.ts";

// A day the server accepts, else the default range's.
const searchDay = day("").optional().catch(undefined);

export const Route = createFileRoute("/_app/cierreVentas/consultarCierre")({
  beforeLoad: screenGuard,
  validateSearch: tableSearchSchema.extend({ desde: searchDay, hasta: searchDay }),
  search: { middlewares: [stripTableDefaults()] },
  loaderDeps: ({ search }) => closingRange(search),
  loader: async ({ context, deps }) => {
    if (!deps.wrongOrder) await context.queryClient.ensureQueryData(closingsQuery(deps.desde, deps.hasta));
  },
  component: ClosingsScreen,
});
