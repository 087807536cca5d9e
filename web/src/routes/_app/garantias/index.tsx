import { createFileRoute } from "@tanstack/react-router";
import { mineQuery } from "../../../features/guarantees/api.ts";
import { TenantGuarantees } from "../../../features/guarantees/tenant-list.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";

/** /garantias: the guarantees of the session's contract. */
export const Route = createFileRoute("/_app/garantias/")({
  beforeLoad: screenGuard,
  loader: ({ context }) => context.queryClient.ensureQueryData(mineQuery),
  component: TenantGuarantees,
});
