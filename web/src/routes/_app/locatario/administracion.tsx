import { createFileRoute } from "@tanstack/react-router";
import { tenantUsersQuery } from "../../../features/tenant/api.ts";
import { screenGuard } from "../../../lib/screen-guard.ts";
import { TenantUsersScreen } from "../../../features/tenant/tenant-users-screen.tsx";

export const Route = createFileRoute("/_app/locatario/administracion")({
  beforeLoad: screenGuard,
  loader: ({ context }) => context.queryClient.ensureQueryData(tenantUsersQuery),
  component: TenantUsersScreen,
});
