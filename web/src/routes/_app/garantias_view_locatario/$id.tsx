import { createFileRoute } from "@tanstack/react-router";
import { detailParams, loadGuarantee } from "../../../features/guarantees/detail-route.ts";
import { TenantGuaranteeView } from "../../../features/guarantees/view-screens.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";

/** The tenant's read-only detail of one of its guarantees. */
export const Route = createFileRoute("/_app/garantias_view_locatario/$id")({
  beforeLoad: screenGuard,
  params: detailParams,
  loader: ({ context, params }) => loadGuarantee(context.queryClient, params.id),
  component: () => <TenantGuaranteeView id={Route.useParams().id} />,
});
