import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { detailParams, loadException } from "../../../features/guarantees/detail-route.ts";
import { ExceptionPage } from "../../../features/guarantees/exception-screens.tsx";
import { requirePermission } from "../../../lib/guard.ts";

/** 'Visualización de Excepción' (read-only). */
export const Route = createFileRoute("/_app/garantias_view_excepcion/$id")({
  params: detailParams,
  beforeLoad: requirePermission(P.GARANTIAS_EXCEPCION),
  loader: ({ context, params }) => loadException(context.queryClient, params.id),
  component: () => <ExceptionPage id={Route.useParams().id} title="Visualización de Excepción" />,
});
