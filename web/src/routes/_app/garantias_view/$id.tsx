import { createFileRoute } from "@tanstack/react-router";
import { detailParams, loadGuarantee } from "../../../features/guarantees/detail-route.ts";
import { StaffGuaranteeView } from "../../../features/guarantees/view-screens.tsx";
import { screenRoute } from "../../../lib/screen-route.ts";

/** 'Detalle de garantía': the staff's read-only view. */
export const Route = createFileRoute("/_app/garantias_view/$id")({
  ...screenRoute("/garantias_view/$id"),
  params: detailParams,
  loader: ({ context, params }) => loadGuarantee(context.queryClient, params.id),
  component: () => <StaffGuaranteeView id={Route.useParams().id} />,
});
