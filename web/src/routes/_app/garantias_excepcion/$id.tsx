import { createFileRoute } from "@tanstack/react-router";
import { detailParams, loadException } from "../../../features/guarantees/detail-route.ts";
import { RegisterException } from "../../../features/guarantees/register-exception.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";

/** 'Registro de Excepción'. */
export const Route = createFileRoute("/_app/garantias_excepcion/$id")({
  beforeLoad: screenGuard,
  params: detailParams,
  loader: ({ context, params }) => loadException(context.queryClient, params.id),
  component: () => <RegisterException id={Route.useParams().id} />,
});
