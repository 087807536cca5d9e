// The 'Contratos Símiles' calls (contract/similar_contracts.ts).
import { queryOptions } from "@tanstack/react-query";
import {
  type ShopOption,
  SIMILAR_CONTRACTS_API,
  type SimilarContractRow,
  type SimilarContractsList,
  type SimilarInput,
} from "../../../../contract/similar_contracts.ts";
import { del, get, post, put } from "../../lib/api.ts";

export type { ShopOption, SimilarContractRow, SimilarInput };

export const SIMILAR_KEY = ["similar-contracts"] as const;

export const similarListQuery = queryOptions({
  queryKey: [...SIMILAR_KEY, "list"],
  queryFn: () => get<SimilarContractsList>(SIMILAR_CONTRACTS_API.list),
  staleTime: 0,
});

/** A mall's contracts for the pickers. */
export const shopsQuery = (mallId: number) =>
  queryOptions({
    queryKey: [...SIMILAR_KEY, "shops", mallId],
    queryFn: () => get<ShopOption[]>(`${SIMILAR_CONTRACTS_API.shops}?unidadEconomicaId=${mallId}`),
    staleTime: 5 * 60_000,
  });

export const addSimilar = (body: SimilarInput) => put<SimilarContractRow>(SIMILAR_CONTRACTS_API.list, body);
export const editSimilar = (id: number, body: SimilarInput) =>
  post<SimilarContractRow>(SIMILAR_CONTRACTS_API.list, { id, ...body });
export const removeSimilar = (id: number) => del<{ id: number }>(SIMILAR_CONTRACTS_API.one(id));
