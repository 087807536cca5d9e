import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { mallsQuery } from "../../../features/staff/api.ts";
import { ContractsScreen } from "../../../features/staff/contracts-screen.tsx";
import { requirePermission } from "../../../lib/guard.ts";

/** 'Actualizar Contratos' (the mall is remembered in session storage by the screen). */
export const Route = createFileRoute("/_app/Contrato/ContratoIndex")({
  staticData: { title: "Actualizar Contratos" },
  beforeLoad: requirePermission(P.ACTUALIZAR_CONTRATOS),
  loader: ({ context }) => context.queryClient.ensureQueryData(mallsQuery),
  component: ContractsScreen,
});
