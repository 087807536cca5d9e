import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { receptionCatalogQuery, vaultQuery } from "../../../features/guarantees/reception-api.ts";
import { VaultScreen } from "../../../features/guarantees/vault.tsx";
import { requirePermission } from "../../../lib/guard.ts";

/** 'Bóveda de Garantías': the received bank letters and where each is kept. */
export const Route = createFileRoute("/_app/garantias/listado_garantias_boveda")({
  staticData: { title: "Bóveda de Garantías" },
  beforeLoad: requirePermission(P.GARANTIAS_UBICACION_CARTA_FIANZA),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(vaultQuery),
      context.queryClient.ensureQueryData(receptionCatalogQuery),
    ]),
  component: VaultScreen,
});
