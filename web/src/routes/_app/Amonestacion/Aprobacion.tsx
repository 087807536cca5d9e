import { createFileRoute } from "@tanstack/react-router";
import { listQuery } from "../../../features/reprimands/api.ts";
import { ApprovalScreen } from "../../../features/reprimands/approval-screen.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";
import { stripTableDefaults, tableSearchSchema } from "../../../lib/table-search.ts";

/** 'Vista de Amonestaciones': the grid and the three approvals. */
export const Route = createFileRoute("/_app/Amonestacion/Aprobacion")({
  beforeLoad: screenGuard,
  validateSearch: tableSearchSchema,
  search: { middlewares: [stripTableDefaults()] },
  loader: ({ context }) => context.queryClient.ensureQueryData(listQuery),
  component: ApprovalScreen,
});
