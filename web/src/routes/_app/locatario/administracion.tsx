import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { tenantUsersQuery } from "../../../features/tenant/api.ts";
import { tenantScreen } from "../../../features/tenant/tenant-screen.ts";
import { TenantUsersScreen } from "../../../features/tenant/tenant-users-screen.tsx";

export const Route = createFileRoute("/_app/locatario/administracion")({
  staticData: { title: "Administración de Usuarios" },
  beforeLoad: tenantScreen(P.GESTION_USUARIOS_LOCATARIO),
  loader: ({ context }) => context.queryClient.ensureQueryData(tenantUsersQuery),
  component: TenantUsersScreen,
});
