import { createFileRoute } from "@tanstack/react-router";
import { reviewListQuery } from "../-guarantees/api.ts";
import { ReviewList } from "../-guarantees/review-list.tsx";
import { requirePermission } from "../../../lib/guard.ts";

export const Route = createFileRoute("/_app/garantias/listado_garantias_rev_2")({
  staticData: { title: "Revisión de Garantías 2" },
  beforeLoad: requirePermission("GARANTIAS_REVISION_2"),
  loader: ({ context }) => context.queryClient.ensureQueryData(reviewListQuery(2)),
  component: () => <ReviewList list={2} title="Revisión de Garantías 2" />,
});
