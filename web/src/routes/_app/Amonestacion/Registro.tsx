import { createFileRoute } from "@tanstack/react-router";
import { catalogQuery } from "../../../features/reprimands/api.ts";
import { RegisterScreen } from "../../../features/reprimands/register-screen.tsx";
import { screenRoute } from "../../../lib/screen-route.ts";

/** 'Registro de Amonestación'. */
export const Route = createFileRoute("/_app/Amonestacion/Registro")({
  ...screenRoute("/Amonestacion/Registro"),
  loader: ({ context }) => context.queryClient.ensureQueryData(catalogQuery),
  component: RegisterScreen,
});
