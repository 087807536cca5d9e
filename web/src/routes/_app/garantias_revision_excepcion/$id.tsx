import { createFileRoute } from "@tanstack/react-router";
import { detailParams, loadException } from "../../../features/guarantees/detail-route.ts";
import { ReviewException } from "../../../features/guarantees/review-exception.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";

/** 'Revision de Excepción'. */
export const Route = createFileRoute("/_app/garantias_revision_excepcion/$id")({
  beforeLoad: screenGuard,
  params: detailParams,
  loader: ({ context, params }) => loadException(context.queryClient, params.id),
  component: () => <ReviewException id={Route.useParams().id} />,
});
