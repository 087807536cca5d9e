import { createFileRoute } from "@tanstack/react-router";
import { detailParams, loadGuarantee } from "../../../features/guarantees/detail-route.ts";
import { StaffGuaranteeView } from "../../../features/guarantees/view-screens.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";

/** 'Detalle de garantía': the staff's read-only view. */
export const Route = createFileRoute("/_app/garantias_view/$id")({
  beforeLoad: screenGuard,
  params: detailParams,
  loader: ({ context, params }) => loadGuarantee(context.queryClient, params.id),
  component: () => <StaffGuaranteeView id={Route.useParams().id} />,
});
