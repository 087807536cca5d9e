import { createFileRoute } from "@tanstack/react-router";
import { detailId, loadException } from "../-guarantees/detail.tsx";
import { ExceptionPage } from "../-guarantees/exception-screens.tsx";
import { requirePermission } from "../../../lib/guard.ts";

/** 'Visualización de Excepción' (read-only). */
export const Route = createFileRoute("/_app/garantias_view_excepcion/$id")({
  beforeLoad: requirePermission("GARANTIAS_EXCEPCION"),
  loader: ({ context, params }) => loadException(context.queryClient, params.id),
  component: () => <ExceptionPage id={detailId(Route.useParams().id)} title="Visualización de Excepción" />,
});
