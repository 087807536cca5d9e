import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { pendingReceptionsQuery, receptionCatalogQuery } from "../../../features/guarantees/reception-api.ts";
import { ReceptionScreen } from "../../../features/guarantees/reception.tsx";
import { requirePermission } from "../../../lib/guard.ts";

/** 'Recepción de Garantía': the pending grid and 'Historial de Recepciones'. */
export const Route = createFileRoute("/_app/garantias/listado_garantias_recepcion")({
  staticData: { title: "Recepción de Garantía" },
  beforeLoad: requirePermission(P.GARANTIAS_RECEPCION),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(pendingReceptionsQuery),
      context.queryClient.ensureQueryData(receptionCatalogQuery),
    ]),
  component: ReceptionScreen,
});
