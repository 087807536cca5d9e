import { createFileRoute } from "@tanstack/react-router";
import { GuaranteeApproval } from "../../../features/guarantees/approval-screen.tsx";
import { detailParams, loadGuarantee } from "../../../features/guarantees/detail-route.ts";
import { screenRoute } from "../../../lib/screen-route.ts";

/** 'Aprobación de Garantía'. */
export const Route = createFileRoute("/_app/garantias_revision/$id")({
  ...screenRoute("/garantias_revision/$id"),
  params: detailParams,
  loader: ({ context, params }) => loadGuarantee(context.queryClient, params.id),
  component: () => <GuaranteeApproval id={Route.useParams().id} />,
});
