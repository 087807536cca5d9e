import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { reviewListQuery } from "../../../features/guarantees/api.ts";
import { ReviewList } from "../../../features/guarantees/review-list.tsx";
import { requirePermission } from "../../../lib/guard.ts";

export const Route = createFileRoute("/_app/garantias/listado_garantias_rev_2")({
  staticData: { title: "Revisión de Garantías 2" },
  beforeLoad: requirePermission(P.GARANTIAS_REVISION_2),
  loader: ({ context }) => context.queryClient.ensureQueryData(reviewListQuery(2)),
  component: () => <ReviewList list={2} title="Revisión de Garantías 2" />,
});
