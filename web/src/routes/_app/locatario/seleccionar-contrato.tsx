import { createFileRoute } from "@tanstack/react-router";
import { ChooseContractScreen } from "../../../features/tenant/choose-contract-screen.tsx";
import { contractsQuery } from "../../../features/tenant/api.ts";
import { screenGuard } from "../../../lib/screen-guard.ts";

export const Route = createFileRoute("/_app/locatario/seleccionar-contrato")({
  beforeLoad: screenGuard,
  loader: ({ context }) => context.queryClient.ensureQueryData(contractsQuery),
  component: ChooseContractScreen,
});
