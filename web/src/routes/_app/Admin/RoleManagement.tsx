import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { permissionsQueryOptions, rolesQueryOptions } from "../../../features/admin/api.ts";
import { RolesScreen } from "../../../features/admin/roles-screen.tsx";
import { requirePermission } from "../../../lib/guard.ts";
import { stripTableDefaults, tableSearchSchema } from "../../../lib/table-search.ts";

export const Route = createFileRoute("/_app/Admin/RoleManagement")({
  staticData: { title: "Roles & Permisos" },
  validateSearch: tableSearchSchema,
  search: { middlewares: [stripTableDefaults()] },
  beforeLoad: requirePermission(P.GESTION_ROLES),
  loader: ({ context }) => {
    // The permissions feed the role dialog's picker; the table does not wait for them.
    context.queryClient.prefetchQuery(permissionsQueryOptions);
    return context.queryClient.ensureQueryData(rolesQueryOptions);
  },
  component: RolesScreen,
});
