import { createFileRoute } from "@tanstack/react-router";
import { GuaranteeApproval } from "../../../features/guarantees/approval-screen.tsx";
import { detailParams, loadGuarantee } from "../../../features/guarantees/detail-route.ts";
import { screenGuard } from "../../../lib/screen-guard.ts";

/** 'Aprobación de Garantía'. */
export const Route = createFileRoute("/_app/garantias_revision/$id")({
  beforeLoad: screenGuard,
  params: detailParams,
  loader: ({ context, params }) => loadGuarantee(context.queryClient, params.id),
  component: () => <GuaranteeApproval id={Route.useParams().id} />,
});
