import { createFileRoute } from "@tanstack/react-router";
import { reviewListQuery } from "../../../features/guarantees/api.ts";
import { ReviewList } from "../../../features/guarantees/review-list.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";

export const Route = createFileRoute("/_app/garantias/listado_garantias_rev_2")({
  beforeLoad: screenGuard,
  loader: ({ context }) => context.queryClient.ensureQueryData(reviewListQuery(2)),
  component: () => <ReviewList list={2} title="Revisión de Garantías 2" />,
});
