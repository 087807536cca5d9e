// The feature areas' read queries: most are one GET of one path under a key, kept fresh for a while (the
// client's default, 30 s, unless `staleTime` says otherwise; 0 reads again on every mount).
import { type QueryKey, queryOptions } from "@tanstack/react-query";
import type { Table } from "#contract/envelope.ts";
import { get } from "./api.ts";

/** A query whose answer is the GET of `path`. */
export const readQuery = <T, K extends QueryKey = QueryKey>(queryKey: K, path: string, staleTime?: number) =>
  queryOptions({
    queryKey,
    queryFn: () => get<T>(path),
    ...(staleTime === undefined ? {} : { staleTime }),
  });

/** A query whose answer is the rows of the `Table` envelope that the GET of `path` answers. */
export const tableQuery = <Row, K extends QueryKey = QueryKey>(
  queryKey: K,
  path: string,
  staleTime?: number,
) =>
  queryOptions({
    queryKey,
    queryFn: async () => (await get<Table<Row>>(path)).table,
    ...(staleTime === undefined ? {} : { staleTime }),
  });
