import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { mineQuery } from "../../../features/guarantees/api.ts";
import { TenantGuarantees } from "../../../features/guarantees/tenant-list.tsx";
import { tenantScreen } from "../../../features/tenant/tenant-screen.ts";

/** /garantias: the guarantees of the session's contract. */
export const Route = createFileRoute("/_app/garantias/")({
  staticData: { title: "Garantías" },
  beforeLoad: tenantScreen(P.GARANTIAS_LOCATARIO),
  loader: ({ context }) => context.queryClient.ensureQueryData(mineQuery),
  component: TenantGuarantees,
});
