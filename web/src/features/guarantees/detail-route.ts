// What every guarantee detail route uses: its {id} param and its loaders. Apart from the screens: whatever a
// route file imports is in every page's first download.
import { NOT_FOUND } from "#contract/errors.ts";
import type { QueryClient } from "@tanstack/react-query";
import { notFound } from "@tanstack/react-router";
import { idParam } from "#contract/fields.ts";
import { ApiError } from "../../lib/api.ts";
import { catalogQuery, exceptionQuery, guaranteeQuery } from "./api.ts";

/** A detail route's {id}: a positive id (the server's schema), or the not-found page for anything else. */
export const detailParams = {
  parse: (raw: Record<string, string>) => {
    const p = idParam.safeParse(raw);
    if (!p.success) throw notFound();
    return p.data;
  },
  stringify: ({ id }: { id: number }) => ({ id: String(id) }),
};

async function orNotFound<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof ApiError && e.errorId === NOT_FOUND) throw notFound();
    throw e;
  }
}

/** A detail screen's data (the catalog alongside); a guarantee the person may not see is not found. */
export function loadGuarantee(queryClient: QueryClient, id: number) {
  queryClient.prefetchQuery(catalogQuery);
  return orNotFound(queryClient.ensureQueryData(guaranteeQuery(id)));
}

export function loadException(queryClient: QueryClient, id: number) {
  queryClient.prefetchQuery(catalogQuery);
  return orNotFound(queryClient.ensureQueryData(exceptionQuery(id)));
}
