import { createFileRoute } from "@tanstack/react-router";
import { catalogQuery } from "../../../features/reprimands/api.ts";
import { RegisterScreen } from "../../../features/reprimands/register-screen.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";

/** 'Registro de Amonestación'. */
export const Route = createFileRoute("/_app/Amonestacion/Registro")({
  beforeLoad: screenGuard,
  loader: ({ context }) => context.queryClient.ensureQueryData(catalogQuery),
  component: RegisterScreen,
});
