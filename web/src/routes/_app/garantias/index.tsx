import { createFileRoute } from "@tanstack/react-router";
import { mineQuery } from "../../../features/guarantees/api.ts";
import { TenantGuarantees } from "../../../features/guarantees/tenant-list.tsx";
import { screenRoute } from "../../../lib/screen-route.ts";

/** /garantias: the guarantees of the session's contract. */
export const Route = createFileRoute("/_app/garantias/")({
  ...screenRoute("/garantias"),
  loader: ({ context }) => context.queryClient.ensureQueryData(mineQuery),
  component: TenantGuarantees,
});
