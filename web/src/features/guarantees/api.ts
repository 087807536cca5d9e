// The guarantee area's calls (contract/guarantees/guarantees.ts). A tenant never sends its contract or RUC: the server
// takes them from the session.
import { NETWORK_ERROR, VALIDATION_ERROR } from "#contract/errors.ts";
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
import { ApiError, errorMessage, get } from "../../lib/api.ts";
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

/** A multipart upload with the session's CSRF token; answers the envelope's data or throws ApiError. */
export async function postMultipart<T>(path: string, form: FormData, csrfToken: string): Promise<T> {
  let body: { success?: boolean; message?: string; errorId?: number; data?: unknown } | null = null;
  let status = 0;
  try {
    const res = await fetch(path, {
      method: "POST",
      body: form,
      credentials: "same-origin",
      headers: { accept: "application/json", "x-csrf-token": csrfToken },
    });
    status = res.status;
    body = await res.json().catch(() => null);
  } catch {
    body = null;
  }
  if (!body || typeof body !== "object" || !("success" in body)) {
    throw new ApiError(status === 413 ? VALIDATION_ERROR : NETWORK_ERROR, errorMessage(NETWORK_ERROR));
  }
  if (!body.success) {
    throw new ApiError(body.errorId ?? NETWORK_ERROR, body.message ?? errorMessage(NETWORK_ERROR), body.data);
  }
  return body.data as T;
}

/** The validation messages of a failed call, when it carried some. */
export function validationMessages(e: unknown): ValidationMessage[] {
  if (!(e instanceof ApiError)) return [];
  const d = e.data as { validationMessages?: ValidationMessage[] } | null;
  return Array.isArray(d?.validationMessages) ? d.validationMessages : [];
}
