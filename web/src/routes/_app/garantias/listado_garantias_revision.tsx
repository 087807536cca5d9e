import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { reviewListQuery } from "../../../features/guarantees/api.ts";
import { ReviewList } from "../../../features/guarantees/review-list.tsx";
import { requirePermission } from "../../../lib/guard.ts";

export const Route = createFileRoute("/_app/garantias/listado_garantias_revision")({
  staticData: { title: "Revisión de Garantías" },
  beforeLoad: requirePermission(P.GARANTIAS_REVISION),
  loader: ({ context }) => context.queryClient.ensureQueryData(reviewListQuery(1)),
  component: () => <ReviewList list={1} title="Revisión de Garantías" />,
});
