import { createFileRoute } from "@tanstack/react-router";
import { listQuery } from "../../../features/reprimands/api.ts";
import { ApprovalScreen } from "../../../features/reprimands/approval-screen.tsx";
import { screenRoute } from "../../../lib/screen-route.ts";
import { stripTableDefaults, tableSearchSchema } from "../../../lib/table-search.ts";

/** 'Vista de Amonestaciones': the grid and the three approvals. */
export const Route = createFileRoute("/_app/Amonestacion/Aprobacion")({
  ...screenRoute("/Amonestacion/Aprobacion"),
  validateSearch: tableSearchSchema,
  search: { middlewares: [stripTableDefaults()] },
  loader: ({ context }) => context.queryClient.ensureQueryData(listQuery),
  component: ApprovalScreen,
});
