import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../contract/permissions.ts";
import { ParametersScreen } from "../../features/guarantees/parameters.tsx";
import { parametersQuery } from "../../features/guarantees/requirement-api.ts";
import { requirePermission } from "../../lib/guard.ts";

/** The general parameters of guarantees, each with its editor and confirmation (spec 3 section 2.3). */
export const Route = createFileRoute("/_app/configuracion-garantias")({
  staticData: { title: "Configuración de Garantías" },
  beforeLoad: requirePermission(P.SUPERADMIN_CONFIG),
  loader: ({ context }) => context.queryClient.ensureQueryData(parametersQuery),
  component: ParametersScreen,
});
