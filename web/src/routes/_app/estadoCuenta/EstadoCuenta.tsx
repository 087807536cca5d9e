import { createFileRoute } from "@tanstack/react-router";
import { statementQuery } from "../../../features/tenant/api.ts";
import { StatementScreen } from "../../../features/tenant/statement-screen.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";

export const Route = createFileRoute("/_app/estadoCuenta/EstadoCuenta")({
  beforeLoad: screenGuard,
  loader: ({ context }) => context.queryClient.ensureQueryData(statementQuery),
  component: StatementScreen,
});
