import { createFileRoute } from "@tanstack/react-router";
import { similarListQuery } from "../../../features/similar-contracts/api.ts";
import { SimilarContractsScreen } from "../../../features/similar-contracts/similar-contracts-screen.tsx";
import { screenRoute } from "../../../lib/screen-route.ts";

/** 'Contratos Símiles' (admin utilities): the groups of similar contracts that Comparativo de Ventas reads. */
export const Route = createFileRoute("/_app/Admin/ContratosSimiles")({
  ...screenRoute("/Admin/ContratosSimiles"),
  loader: ({ context }) => context.queryClient.ensureQueryData(similarListQuery),
  component: SimilarContractsScreen,
});
