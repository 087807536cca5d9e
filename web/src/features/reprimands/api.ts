// The reprimand area's calls (contract/reprimands.ts).
import {
  type DecisionBody,
  type RegisteredReprimand,
  REPRIMAND_API,
  type ReprimandCatalog,
  type ReprimandDetail,
  type ReprimandLocal,
  type ReprimandRow,
} from "#contract/reprimands.ts";
import { post, postMultipart } from "../../lib/api.ts";
import { readQuery, tableQuery } from "../../lib/queries.ts";

export const REPRIMANDS_KEY = ["reprimands"] as const;

export const catalogQuery = readQuery<ReprimandCatalog>(
  [...REPRIMANDS_KEY, "catalog"],
  REPRIMAND_API.catalog,
  10 * 60_000,
);

export const localsQuery = (mallId: number) =>
  tableQuery<ReprimandLocal>(
    [...REPRIMANDS_KEY, "locals", mallId],
    `${REPRIMAND_API.locals}?unidadEconomica=${mallId}`,
    5 * 60_000,
  );

/** Three people decide each reprimand: the grid asks again whenever it opens. */
export const listQuery = tableQuery<ReprimandRow>([...REPRIMANDS_KEY, "list"], REPRIMAND_API.list, 0);

export const detailQuery = (id: number) =>
  readQuery<ReprimandDetail>([...REPRIMANDS_KEY, "detail", id], REPRIMAND_API.detail(id), 0);

export const registerReprimand = (form: FormData, csrfToken: string) =>
  postMultipart<RegisteredReprimand>(REPRIMAND_API.list, form, csrfToken);

export const decideReprimand = (id: number, body: DecisionBody) =>
  post<ReprimandDetail>(REPRIMAND_API.decision(id), body);
