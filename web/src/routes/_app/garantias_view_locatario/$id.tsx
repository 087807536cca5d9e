import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { detailParams, loadGuarantee } from "../../../features/guarantees/detail-route.ts";
import { TenantGuaranteeView } from "../../../features/guarantees/view-screens.tsx";
import { tenantScreen } from "../../../features/tenant/tenant-screen.ts";

/** The tenant's read-only detail of one of its guarantees. */
export const Route = createFileRoute("/_app/garantias_view_locatario/$id")({
  params: detailParams,
  beforeLoad: tenantScreen(P.GARANTIAS_LOCATARIO),
  loader: ({ context, params }) => loadGuarantee(context.queryClient, params.id),
  component: () => <TenantGuaranteeView id={Route.useParams().id} />,
});
