// The guarantee area's calls (contract/guarantees/guarantees.ts). A tenant never sends its contract or RUC: the server
// takes them from the session.
import { queryOptions } from "@tanstack/react-query";
import type { Table } from "#contract/envelope.ts";
import {
  type ExceptionListRow,
  type ExceptionScreen,
  GUARANTEE_API,
  type GuaranteeCatalog,
  type GuaranteeView,
  type ReviewListRow,
  type TenantGuaranteeRow,
  type ValidationMessage,
} from "#contract/guarantees/guarantees.ts";
import { ApiError, get } from "../../lib/api.ts";
import { readQuery } from "../../lib/queries.ts";

export const GUARANTEES_KEY = ["guarantees"] as const;

const table = async <Row>(path: string) => (await get<Table<Row>>(path)).table;

/** Several people work on a guarantee: every screen asks again when it opens (stale at once). */
const FRESH = { staleTime: 0 } as const;

export const catalogQuery = readQuery<GuaranteeCatalog>(
  [...GUARANTEES_KEY, "catalog"],
  GUARANTEE_API.catalog,
  10 * 60_000,
);

export const mineQuery = queryOptions({
  queryKey: [...GUARANTEES_KEY, "mine"],
  queryFn: () => table<TenantGuaranteeRow>(GUARANTEE_API.mine),
  ...FRESH,
});

export const reviewListQuery = (list: 1 | 2) =>
  queryOptions({
    queryKey: [...GUARANTEES_KEY, "review", list],
    queryFn: () => table<ReviewListRow>(GUARANTEE_API.reviewList(list)),
    ...FRESH,
  });

export const exceptionListQuery = queryOptions({
  queryKey: [...GUARANTEES_KEY, "exceptions"],
  queryFn: () => table<ExceptionListRow>(GUARANTEE_API.exceptions),
  ...FRESH,
});

export const guaranteeQuery = (id: number) =>
  queryOptions({
    queryKey: [...GUARANTEES_KEY, "detail", id],
    queryFn: () => get<GuaranteeView>(GUARANTEE_API.detail(id)),
    ...FRESH,
  });

export const exceptionQuery = (id: number) =>
  queryOptions({
    queryKey: [...GUARANTEES_KEY, "exception", id],
    queryFn: () => get<ExceptionScreen>(GUARANTEE_API.exception(id)),
    ...FRESH,
  });

/** The validation messages of a failed call, when it carried some. */
export function validationMessages(e: unknown): ValidationMessage[] {
  if (!(e instanceof ApiError)) return [];
  const d = e.data as { validationMessages?: ValidationMessage[] } | null;
  return Array.isArray(d?.validationMessages) ? d.validationMessages : [];
}
