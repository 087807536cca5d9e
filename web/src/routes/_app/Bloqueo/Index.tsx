import { createFileRoute } from "@tanstack/react-router";
import { closingLockQuery } from "../../../features/locks/api.ts";
import { ClosingLockScreen } from "../../../features/locks/closing-lock-screen.tsx";
import { screenRoute } from "../../../lib/screen-route.ts";

/** 'Bloquear Cierres'. */
export const Route = createFileRoute("/_app/Bloqueo/Index")({
  ...screenRoute("/Bloqueo/Index"),
  loader: ({ context }) => context.queryClient.ensureQueryData(closingLockQuery),
  component: ClosingLockScreen,
});
