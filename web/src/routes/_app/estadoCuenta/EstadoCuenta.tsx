import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { statementQuery } from "../../../features/tenant/api.ts";
import { StatementScreen } from "../../../features/tenant/statement-screen.tsx";
import { tenantScreen } from "../../../features/tenant/tenant-screen.ts";

export const Route = createFileRoute("/_app/estadoCuenta/EstadoCuenta")({
  staticData: { title: "Estado de Cuenta" },
  beforeLoad: tenantScreen(P.ESTADO_CUENTA_LOCATARIO),
  loader: ({ context }) => context.queryClient.ensureQueryData(statementQuery),
  component: StatementScreen,
});
