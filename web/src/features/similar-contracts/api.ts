// The 'Contratos Símiles' calls (contract/similar_contracts.ts).
import {
  type ShopOption,
  SIMILAR_CONTRACTS_API,
  type SimilarContractListed,
  type SimilarContractRow,
  type SimilarContractsList,
  type SimilarInput,
} from "#contract/similar_contracts.ts";
import { del, post, put } from "../../lib/api.ts";
import { readQuery } from "../../lib/queries.ts";

export type { ShopOption, SimilarContractListed, SimilarContractRow, SimilarInput };

export const SIMILAR_KEY = ["similar-contracts"] as const;

export const similarListQuery = readQuery<SimilarContractsList>(
  [...SIMILAR_KEY, "list"],
  SIMILAR_CONTRACTS_API.list,
  0,
);

/** A mall's contracts for the pickers. */
export const shopsQuery = (mallId: number) =>
  readQuery<ShopOption[]>(
    [...SIMILAR_KEY, "shops", mallId],
    `${SIMILAR_CONTRACTS_API.shops}?unidadEconomicaId=${mallId}`,
    5 * 60_000,
  );

export const addSimilar = (body: SimilarInput) => put<SimilarContractRow>(SIMILAR_CONTRACTS_API.list, body);
export const editSimilar = (id: number, body: SimilarInput, version: number) =>
  post<SimilarContractRow>(SIMILAR_CONTRACTS_API.list, { id, ...body, version });
export const removeSimilar = (id: number) => del<{ id: number }>(SIMILAR_CONTRACTS_API.one(id));
