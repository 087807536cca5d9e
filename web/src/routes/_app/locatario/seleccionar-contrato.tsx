import { createFileRoute } from "@tanstack/react-router";
import { ChooseContractScreen } from "../../../features/tenant/choose-contract-screen.tsx";
import { contractsQuery } from "../../../features/tenant/api.ts";
import { screenRoute } from "../../../lib/screen-route.ts";

export const Route = createFileRoute("/_app/locatario/seleccionar-contrato")({
  ...screenRoute("/locatario/seleccionar-contrato"),
  loader: ({ context }) => context.queryClient.ensureQueryData(contractsQuery),
  component: ChooseContractScreen,
});
