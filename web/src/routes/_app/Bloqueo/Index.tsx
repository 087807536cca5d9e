import { createFileRoute } from "@tanstack/react-router";
import { closingLockQuery } from "../../../features/locks/api.ts";
import { ClosingLockScreen } from "../../../features/locks/closing-lock-screen.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";

/** 'Bloquear Cierres'. */
export const Route = createFileRoute("/_app/Bloqueo/Index")({
  beforeLoad: screenGuard,
  loader: ({ context }) => context.queryClient.ensureQueryData(closingLockQuery),
  component: ClosingLockScreen,
});
