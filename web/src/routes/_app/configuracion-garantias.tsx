import { createFileRoute } from "@tanstack/react-router";
import { ParametersScreen } from "../../features/guarantees/parameters.tsx";
import { parametersQuery } from "../../features/guarantees/requirement-api.ts";
import { screenGuard } from "../../lib/screen-guard.ts";

/** The general parameters of guarantees, each with its editor and confirmation (spec 3 section 2.3). */
export const Route = createFileRoute("/_app/configuracion-garantias")({
  beforeLoad: screenGuard,
  loader: ({ context }) => context.queryClient.ensureQueryData(parametersQuery),
  component: ParametersScreen,
});
