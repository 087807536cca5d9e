import { createFileRoute } from "@tanstack/react-router";
import { detailParams, loadGuarantee } from "../../../features/guarantees/detail-route.ts";
import { TenantGuaranteeView } from "../../../features/guarantees/view-screens.tsx";
import { screenRoute } from "../../../lib/screen-route.ts";

/** The tenant's read-only detail of one of its guarantees. */
export const Route = createFileRoute("/_app/garantias_view_locatario/$id")({
  ...screenRoute("/garantias_view_locatario/$id"),
  params: detailParams,
  loader: ({ context, params }) => loadGuarantee(context.queryClient, params.id),
  component: () => <TenantGuaranteeView id={Route.useParams().id} />,
});
