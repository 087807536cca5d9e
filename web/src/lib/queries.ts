// The feature areas' read queries: most are one GET of one path under a key, kept fresh for a while (the
// client's default, 30 s, unless `staleTime` says otherwise; 0 reads again on every mount).
import { type QueryKey, queryOptions } from "@tanstack/react-query";
import { get } from "./api.ts";

/** A query whose answer is the GET of `path`. */
export const readQuery = <T, K extends QueryKey = QueryKey>(queryKey: K, path: string, staleTime?: number) =>
  queryOptions({
    queryKey,
    queryFn: () => get<T>(path),
    ...(staleTime === undefined ? {} : { staleTime }),
  });
