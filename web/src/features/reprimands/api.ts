// The reprimand area's calls (contract/reprimands.ts).
import { queryOptions } from "@tanstack/react-query";
import type { Table } from "#contract/envelope.ts";
import {
  type DecisionBody,
  type RegisteredReprimand,
  REPRIMAND_API,
  type ReprimandCatalog,
  type ReprimandDetail,
  type ReprimandLocal,
  type ReprimandRow,
} from "#contract/reprimands.ts";
import { get, post, postMultipart } from "../../lib/api.ts";
import { readQuery } from "../../lib/queries.ts";

export const REPRIMANDS_KEY = ["reprimands"] as const;

export const catalogQuery = readQuery<ReprimandCatalog>(
  [...REPRIMANDS_KEY, "catalog"],
  REPRIMAND_API.catalog,
  10 * 60_000,
);

export const localsQuery = (mallId: number) =>
  queryOptions({
    queryKey: [...REPRIMANDS_KEY, "locals", mallId],
    queryFn: async () =>
      (await get<Table<ReprimandLocal>>(`${REPRIMAND_API.locals}?unidadEconomica=${mallId}`)).table,
    staleTime: 5 * 60_000,
  });

/** Three people decide each reprimand: the grid asks again whenever it opens. */
export const listQuery = queryOptions({
  queryKey: [...REPRIMANDS_KEY, "list"],
  queryFn: async () => (await get<Table<ReprimandRow>>(REPRIMAND_API.list)).table,
  staleTime: 0,
});

export const detailQuery = (id: number) =>
  readQuery<ReprimandDetail>([...REPRIMANDS_KEY, "detail", id], REPRIMAND_API.detail(id), 0);

export const registerReprimand = (form: FormData, csrfToken: string) =>
  postMultipart<RegisteredReprimand>(REPRIMAND_API.list, form, csrfToken);

export const decideReprimand = (id: number, body: DecisionBody) =>
  post<ReprimandDetail>(REPRIMAND_API.decision(id), body);
