import { createFileRoute } from "@tanstack/react-router";
import { GUARANTEE_STAFF_VIEW } from "../../../../../contract/guarantees/guarantees.ts";
import { detailParams, loadGuarantee } from "../../../features/guarantees/detail-route.ts";
import { StaffGuaranteeView } from "../../../features/guarantees/view-screens.tsx";
import { requirePermission } from "../../../lib/guard.ts";

/** 'Detalle de garantía': the staff's read-only view. */
export const Route = createFileRoute("/_app/garantias_view/$id")({
  params: detailParams,
  beforeLoad: requirePermission(...GUARANTEE_STAFF_VIEW),
  loader: ({ context, params }) => loadGuarantee(context.queryClient, params.id),
  component: () => <StaffGuaranteeView id={Route.useParams().id} />,
});
