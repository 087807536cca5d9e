import { createFileRoute } from "@tanstack/react-router";
import { reviewListQuery } from "../../../features/guarantees/api.ts";
import { ReviewList } from "../../../features/guarantees/review-list.tsx";
import { screenRoute } from "../../../lib/screen-route.ts";

export const Route = createFileRoute("/_app/garantias/listado_garantias_rev_2")({
  ...screenRoute("/garantias/listado_garantias_rev_2"),
  loader: ({ context }) => context.queryClient.ensureQueryData(reviewListQuery(2)),
  component: () => <ReviewList list={2} title="Revisión de Garantías 2" />,
});
