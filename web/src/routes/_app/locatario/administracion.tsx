import { createFileRoute } from "@tanstack/react-router";
import { tenantUsersQuery } from "../../../features/tenant/api.ts";
import { screenRoute } from "../../../lib/screen-route.ts";
import { TenantUsersScreen } from "../../../features/tenant/tenant-users-screen.tsx";

export const Route = createFileRoute("/_app/locatario/administracion")({
  ...screenRoute("/locatario/administracion"),
  loader: ({ context }) => context.queryClient.ensureQueryData(tenantUsersQuery),
  component: TenantUsersScreen,
});
