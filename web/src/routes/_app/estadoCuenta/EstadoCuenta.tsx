import { createFileRoute } from "@tanstack/react-router";
import { statementQuery } from "../../../features/tenant/api.ts";
import { StatementScreen } from "../../../features/tenant/statement-screen.tsx";
import { screenRoute } from "../../../lib/screen-route.ts";

export const Route = createFileRoute("/_app/estadoCuenta/EstadoCuenta")({
  ...screenRoute("/estadoCuenta/EstadoCuenta"),
  loader: ({ context }) => context.queryClient.ensureQueryData(statementQuery),
  component: StatementScreen,
});
