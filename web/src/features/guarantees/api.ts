// The guarantee area's calls (contract/guarantees/guarantees.ts). A tenant never sends its contract or RUC: the server
// takes them from the session.
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
import { ApiError } from "../../lib/api.ts";
import { readQuery, tableQuery } from "../../lib/queries.ts";

export const GUARANTEES_KEY = ["guarantees"] as const;

/** Several people work on a guarantee: every screen asks again when it opens (stale at once). */
const FRESH = 0;

/** A catalog's lists change seldom: read once in ten minutes. */
export const CATALOG = 10 * 60_000;

/**
 * A guarantee read: one GET keyed by its path under the area's key (a save reads them all again), stale at
 * once unless `staleTime` says otherwise.
 */
export const guaranteeRead = <T>(path: string, staleTime = FRESH) =>
  readQuery<T>([...GUARANTEES_KEY, path], path, staleTime);

/** The same for a GET answering a `Table` envelope: its rows. */
export const guaranteeRows = <Row>(path: string, staleTime = FRESH) =>
  tableQuery<Row>([...GUARANTEES_KEY, path], path, staleTime);

export const catalogQuery = guaranteeRead<GuaranteeCatalog>(GUARANTEE_API.catalog, CATALOG);

export const mineQuery = guaranteeRows<TenantGuaranteeRow>(GUARANTEE_API.mine);

export const reviewListQuery = (list: 1 | 2) => guaranteeRows<ReviewListRow>(GUARANTEE_API.reviewList(list));

export const exceptionListQuery = guaranteeRows<ExceptionListRow>(GUARANTEE_API.exceptions);

export const guaranteeQuery = (id: number) => guaranteeRead<GuaranteeView>(GUARANTEE_API.detail(id));

export const exceptionQuery = (id: number) => guaranteeRead<ExceptionScreen>(GUARANTEE_API.exception(id));

/** The validation messages of a failed call, when it carried some. */
export function validationMessages(e: unknown): ValidationMessage[] {
  if (!(e instanceof ApiError)) return [];
  const d = e.data as { validationMessages?: ValidationMessage[] } | null;
  return Array.isArray(d?.validationMessages) ? d.validationMessages : [];
}
