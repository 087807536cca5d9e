import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { detailParams, loadGuarantee } from "../../../features/guarantees/detail-route.ts";
import { UpdateGuarantee } from "../../../features/guarantees/update-screen.tsx";
import { tenantScreen } from "../../../features/tenant/tenant-screen.ts";

/** 'Actualizar Garantía': the tenant updates its guarantee and sends it to review. */
export const Route = createFileRoute("/_app/actualizar_garantia/$id")({
  params: detailParams,
  beforeLoad: tenantScreen(P.GARANTIAS_LOCATARIO),
  loader: ({ context, params }) => loadGuarantee(context.queryClient, params.id),
  component: () => <UpdateGuarantee id={Route.useParams().id} />,
});
