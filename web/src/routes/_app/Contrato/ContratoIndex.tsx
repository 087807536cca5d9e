import { createFileRoute } from "@tanstack/react-router";
import { mallsQuery } from "../../../features/staff/api.ts";
import { ContractsScreen } from "../../../features/staff/contracts-screen.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";

/** 'Actualizar Contratos' (the mall is remembered in session storage by the screen). */
export const Route = createFileRoute("/_app/Contrato/ContratoIndex")({
  beforeLoad: screenGuard,
  loader: ({ context }) => context.queryClient.ensureQueryData(mallsQuery),
  component: ContractsScreen,
});
