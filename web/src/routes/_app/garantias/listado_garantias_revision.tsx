import { createFileRoute } from "@tanstack/react-router";
import { reviewListQuery } from "../-guarantees/api.ts";
import { ReviewList } from "../-guarantees/review-list.tsx";
import { requirePermission } from "../../../lib/guard.ts";

export const Route = createFileRoute("/_app/garantias/listado_garantias_revision")({
  staticData: { title: "Revisión de Garantías" },
  beforeLoad: requirePermission("GARANTIAS_REVISION"),
  loader: ({ context }) => context.queryClient.ensureQueryData(reviewListQuery(1)),
  component: () => <ReviewList list={1} title="Revisión de Garantías" />,
});
