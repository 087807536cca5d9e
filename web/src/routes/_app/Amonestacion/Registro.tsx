import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { catalogQuery } from "../../../features/reprimands/api.ts";
import { RegisterScreen } from "../../../features/reprimands/register-screen.tsx";
import { requirePermission } from "../../../lib/guard.ts";

/** 'Registro de Amonestación'. */
export const Route = createFileRoute("/_app/Amonestacion/Registro")({
  staticData: { title: "Registro de Amonestación" },
  beforeLoad: requirePermission(P.REGISTRO_AMONESTACION),
  loader: ({ context }) => context.queryClient.ensureQueryData(catalogQuery),
  component: RegisterScreen,
});
