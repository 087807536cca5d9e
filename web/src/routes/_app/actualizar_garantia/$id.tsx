import { createFileRoute } from "@tanstack/react-router";
import { detailParams, loadGuarantee } from "../../../features/guarantees/detail-route.ts";
import { UpdateGuarantee } from "../../../features/guarantees/update-screen.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";

/** 'Actualizar Garantía': the tenant updates its guarantee and sends it to review. */
export const Route = createFileRoute("/_app/actualizar_garantia/$id")({
  beforeLoad: screenGuard,
  params: detailParams,
  loader: ({ context, params }) => loadGuarantee(context.queryClient, params.id),
  component: () => <UpdateGuarantee id={Route.useParams().id} />,
});
