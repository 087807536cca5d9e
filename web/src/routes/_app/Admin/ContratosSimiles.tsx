import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { similarListQuery } from "../../../features/similar-contracts/api.ts";
import { SimilarContractsScreen } from "../../../features/similar-contracts/similar-contracts-screen.tsx";
import { requirePermission } from "../../../lib/guard.ts";

/** 'Contratos Símiles' (admin utilities): the groups of similar contracts that Comparativo de Ventas reads. */
export const Route = createFileRoute("/_app/Admin/ContratosSimiles")({
  staticData: { title: "Contratos Símiles" },
  beforeLoad: requirePermission(P.SUPERADMIN_CONFIG),
  loader: ({ context }) => context.queryClient.ensureQueryData(similarListQuery),
  component: SimilarContractsScreen,
});
