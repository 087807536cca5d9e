// The calls of Recepción de Garantía and Bóveda de Garantías (contract/guarantees/reception.ts).
import {
  type PendingReceptionRow,
  RECEPTION_API,
  type ReceptionCatalog,
  type ReceptionHistoryRow,
  type VaultHistory,
  type VaultRow,
} from "#contract/guarantees/reception.ts";
import { CATALOG, guaranteeRead, guaranteeRows } from "./api.ts";

export const receptionCatalogQuery = guaranteeRead<ReceptionCatalog>(RECEPTION_API.catalog, CATALOG);

export const pendingReceptionsQuery = guaranteeRows<PendingReceptionRow>(RECEPTION_API.pending);

export const receptionHistoryQuery = guaranteeRows<ReceptionHistoryRow>(RECEPTION_API.history);

export const vaultQuery = guaranteeRows<VaultRow>(RECEPTION_API.vault);

export const vaultHistoryQuery = (id: number) => guaranteeRead<VaultHistory>(RECEPTION_API.vaultHistory(id));
