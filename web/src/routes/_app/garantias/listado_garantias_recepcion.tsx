import { createFileRoute } from "@tanstack/react-router";
import { pendingReceptionsQuery, receptionCatalogQuery } from "../../../features/guarantees/reception-api.ts";
import { ReceptionScreen } from "../../../features/guarantees/reception.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";

/** 'Recepción de Garantía': the pending grid and 'Historial de Recepciones'. */
export const Route = createFileRoute("/_app/garantias/listado_garantias_recepcion")({
  beforeLoad: screenGuard,
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(pendingReceptionsQuery),
      context.queryClient.ensureQueryData(receptionCatalogQuery),
    ]),
  component: ReceptionScreen,
});
