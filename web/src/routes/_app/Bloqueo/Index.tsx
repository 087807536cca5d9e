import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { closingLockQuery } from "../../../features/locks/api.ts";
import { ClosingLockScreen } from "../../../features/locks/closing-lock-screen.tsx";
import { requirePermission } from "../../../lib/guard.ts";

/** 'Bloquear Cierres'. */
export const Route = createFileRoute("/_app/Bloqueo/Index")({
  staticData: { title: "Bloquear Cierres" },
  beforeLoad: requirePermission(P.BLOQUEAR_CIERRES),
  loader: ({ context }) => context.queryClient.ensureQueryData(closingLockQuery),
  component: ClosingLockScreen,
});
