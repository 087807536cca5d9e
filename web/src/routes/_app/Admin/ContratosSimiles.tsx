import { createFileRoute } from "@tanstack/react-router";
import { similarListQuery } from "../../../features/similar-contracts/api.ts";
import { SimilarContractsScreen } from "../../../features/similar-contracts/similar-contracts-screen.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";

/** 'Contratos Símiles' (admin utilities): the groups of similar contracts that Comparativo de Ventas reads. */
export const Route = createFileRoute("/_app/Admin/ContratosSimiles")({
  beforeLoad: screenGuard,
  loader: ({ context }) => context.queryClient.ensureQueryData(similarListQuery),
  component: SimilarContractsScreen,
});
