import { createFileRoute } from "@tanstack/react-router";
import { reviewListQuery } from "../../../features/guarantees/api.ts";
import { ReviewList } from "../../../features/guarantees/review-list.tsx";
import { screenRoute } from "../../../lib/screen-route.ts";

export const Route = createFileRoute("/_app/garantias/listado_garantias_revision")({
  ...screenRoute("/garantias/listado_garantias_revision"),
  loader: ({ context }) => context.queryClient.ensureQueryData(reviewListQuery(1)),
  component: () => <ReviewList list={1} title="Revisión de Garantías" />,
});
