import { createFileRoute } from "@tanstack/react-router";
import { ChooseContractScreen } from "../../../features/tenant/choose-contract-screen.tsx";
import { contractsQuery } from "../../../features/tenant/api.ts";
import { ForbiddenError } from "../../../lib/guard.ts";

export const Route = createFileRoute("/_app/locatario/seleccionar-contrato")({
  staticData: { title: "Seleccionar Contrato" },
  // Any tenant user, whatever its permissions: the contract comes before every tenant screen.
  beforeLoad: ({ context }) => {
    if (!context.session.role.isTenant) throw new ForbiddenError();
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(contractsQuery),
  component: ChooseContractScreen,
});
