import { createFileRoute } from "@tanstack/react-router";
import { rolesQueryOptions, usersQueryOptions } from "../../../features/admin/api.ts";
import { UsersScreen } from "../../../features/admin/users-screen.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";
import { stripTableDefaults, tableSearchSchema } from "../../../lib/table-search.ts";

export const Route = createFileRoute("/_app/Admin/UsersManagement")({
  beforeLoad: screenGuard,
  validateSearch: tableSearchSchema,
  search: { middlewares: [stripTableDefaults()] },
  loader: ({ context }) => {
    // The roles feed the dialogs' role picker; the table does not wait for them.
    context.queryClient.prefetchQuery(rolesQueryOptions);
    return context.queryClient.ensureQueryData(usersQueryOptions);
  },
  component: UsersScreen,
});
