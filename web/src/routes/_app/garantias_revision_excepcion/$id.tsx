import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { detailParams, loadException } from "../../../features/guarantees/detail-route.ts";
import { ReviewException } from "../../../features/guarantees/review-exception.tsx";
import { requirePermission } from "../../../lib/guard.ts";

/** 'Revision de Excepción'. */
export const Route = createFileRoute("/_app/garantias_revision_excepcion/$id")({
  params: detailParams,
  beforeLoad: requirePermission(P.GARANTIAS_EXCEPCION),
  loader: ({ context, params }) => loadException(context.queryClient, params.id),
  component: () => <ReviewException id={Route.useParams().id} />,
});
