import { createFileRoute } from "@tanstack/react-router";
import { receptionCatalogQuery, vaultQuery } from "../../../features/guarantees/reception-api.ts";
import { VaultScreen } from "../../../features/guarantees/vault.tsx";
import { screenRoute } from "../../../lib/screen-route.ts";

/** 'Bóveda de Garantías': the received bank letters and where each is kept. */
export const Route = createFileRoute("/_app/garantias/listado_garantias_boveda")({
  ...screenRoute("/garantias/listado_garantias_boveda"),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(vaultQuery),
      context.queryClient.ensureQueryData(receptionCatalogQuery),
    ]),
  component: VaultScreen,
});
