import { createFileRoute } from "@tanstack/react-router";
import { GUARANTEE_REVIEWERS } from "../../../../../contract/guarantees/guarantees.ts";
import { GuaranteeApproval } from "../../../features/guarantees/approval-screen.tsx";
import { detailParams, loadGuarantee } from "../../../features/guarantees/detail-route.ts";
import { requirePermission } from "../../../lib/guard.ts";

/** 'Aprobación de Garantía'. */
export const Route = createFileRoute("/_app/garantias_revision/$id")({
  params: detailParams,
  beforeLoad: requirePermission(...GUARANTEE_REVIEWERS),
  loader: ({ context, params }) => loadGuarantee(context.queryClient, params.id),
  component: () => <GuaranteeApproval id={Route.useParams().id} />,
});
