import { createFileRoute } from "@tanstack/react-router";
import { receptionCatalogQuery, vaultQuery } from "../../../features/guarantees/reception-api.ts";
import { VaultScreen } from "../../../features/guarantees/vault.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";

/** 'Bóveda de Garantías': the received bank letters and where each is kept. */
export const Route = createFileRoute("/_app/garantias/listado_garantias_boveda")({
  beforeLoad: screenGuard,
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(vaultQuery),
      context.queryClient.ensureQueryData(receptionCatalogQuery),
    ]),
  component: VaultScreen,
});
