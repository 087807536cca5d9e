import { createFileRoute } from "@tanstack/react-router";
import { permissionsQueryOptions, rolesQueryOptions } from "../../../features/admin/api.ts";
import { RolesScreen } from "../../../features/admin/roles-screen.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";
import { stripTableDefaults, tableSearchSchema } from "../../../lib/table-search.ts";

export const Route = createFileRoute("/_app/Admin/RoleManagement")({
  beforeLoad: screenGuard,
  validateSearch: tableSearchSchema,
  search: { middlewares: [stripTableDefaults()] },
  loader: ({ context }) => {
    // The permissions feed the role dialog's picker; the table does not wait for them.
    context.queryClient.prefetchQuery(permissionsQueryOptions);
    return context.queryClient.ensureQueryData(rolesQueryOptions);
  },
  component: RolesScreen,
});
