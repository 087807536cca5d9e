import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { detailParams, loadException } from "../../../features/guarantees/detail-route.ts";
import { RegisterException } from "../../../features/guarantees/register-exception.tsx";
import { requirePermission } from "../../../lib/guard.ts";

/** 'Registro de Excepción'. */
export const Route = createFileRoute("/_app/garantias_excepcion/$id")({
  params: detailParams,
  beforeLoad: requirePermission(P.GARANTIAS_EXCEPCION),
  loader: ({ context, params }) => loadException(context.queryClient, params.id),
  component: () => <RegisterException id={Route.useParams().id} />,
});
