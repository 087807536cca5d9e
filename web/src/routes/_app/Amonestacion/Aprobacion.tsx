import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { listQuery } from "../../../features/reprimands/api.ts";
import { ApprovalScreen } from "../../../features/reprimands/approval-screen.tsx";
import { requirePermission } from "../../../lib/guard.ts";
import { stripTableDefaults, tableSearchSchema } from "../../../lib/table-search.ts";

/** 'Vista de Amonestaciones': the grid and the three approvals. */
export const Route = createFileRoute("/_app/Amonestacion/Aprobacion")({
  staticData: { title: "Vista de Amonestaciones" },
  validateSearch: tableSearchSchema,
  search: { middlewares: [stripTableDefaults()] },
  beforeLoad: requirePermission(P.VISTA_AMONESTACIONES),
  loader: ({ context }) => context.queryClient.ensureQueryData(listQuery),
  component: ApprovalScreen,
});
