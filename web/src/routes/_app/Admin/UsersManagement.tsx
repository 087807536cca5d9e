import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { rolesQueryOptions, usersQueryOptions } from "../../../features/admin/api.ts";
import { UsersScreen } from "../../../features/admin/users-screen.tsx";
import { requirePermission } from "../../../lib/guard.ts";
import { stripTableDefaults, tableSearchSchema } from "../../../lib/table-search.ts";

export const Route = createFileRoute("/_app/Admin/UsersManagement")({
  staticData: { title: "Usuarios" },
  validateSearch: tableSearchSchema,
  search: { middlewares: [stripTableDefaults()] },
  beforeLoad: requirePermission(P.GESTION_USUARIOS),
  loader: ({ context }) => {
    // The roles feed the dialogs' role picker; the table does not wait for them.
    context.queryClient.prefetchQuery(rolesQueryOptions);
    return context.queryClient.ensureQueryData(usersQueryOptions);
  },
  component: UsersScreen,
});
