import { createFileRoute } from "@tanstack/react-router";
import { detailParams, loadException } from "../../../features/guarantees/detail-route.ts";
import { ExceptionPage } from "../../../features/guarantees/exception-screens.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";

/** 'Visualización de Excepción' (read-only). */
export const Route = createFileRoute("/_app/garantias_view_excepcion/$id")({
  beforeLoad: screenGuard,
  params: detailParams,
  loader: ({ context, params }) => loadException(context.queryClient, params.id),
  component: () => <ExceptionPage id={Route.useParams().id} title="Visualización de Excepción" />,
});
