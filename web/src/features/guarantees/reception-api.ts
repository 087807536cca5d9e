// The calls of Recepción de Garantía and Bóveda de Garantías (contract/guarantees/reception.ts).
import { queryOptions } from "@tanstack/react-query";
import type { Table } from "#contract/envelope.ts";
import {
  type PendingReceptionRow,
  RECEPTION_API,
  type ReceptionCatalog,
  type ReceptionHistoryRow,
  type VaultHistory,
  type VaultRow,
} from "#contract/guarantees/reception.ts";
import { get } from "../../lib/api.ts";
import { readQuery } from "../../lib/queries.ts";
import { GUARANTEES_KEY } from "./api.ts";

const table = async <Row>(path: string) => (await get<Table<Row>>(path)).table;

export const receptionCatalogQuery = readQuery<ReceptionCatalog>(
  [...GUARANTEES_KEY, "reception", "catalog"],
  RECEPTION_API.catalog,
  10 * 60_000,
);

export const pendingReceptionsQuery = queryOptions({
  queryKey: [...GUARANTEES_KEY, "reception", "pending"],
  queryFn: () => table<PendingReceptionRow>(RECEPTION_API.pending),
  staleTime: 0,
});

export const receptionHistoryQuery = queryOptions({
  queryKey: [...GUARANTEES_KEY, "reception", "history"],
  queryFn: () => table<ReceptionHistoryRow>(RECEPTION_API.history),
  staleTime: 0,
});

export const vaultQuery = queryOptions({
  queryKey: [...GUARANTEES_KEY, "vault"],
  queryFn: () => table<VaultRow>(RECEPTION_API.vault),
  staleTime: 0,
});

export const vaultHistoryQuery = (id: number) =>
  readQuery<VaultHistory>([...GUARANTEES_KEY, "vault", "history", id], RECEPTION_API.vaultHistory(id), 0);
