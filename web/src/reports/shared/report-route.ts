// What a report route does before its screen draws: the permission check; on opening, the extract catalogue
// asked beside the screen's code rather than after it; on a filter change, the report of the new search
// started before React draws it. A route file must not import the report's code statically (whatever a route
// file imports is in the first download of every page, the login's too: the engine and every report with
// it), so it names it through a dynamic import: the module is the screen's own chunk, loaded already when its
// filters change, and the call goes one way, route → report.

import type { QueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { askCatalogEarly } from "../../analytics/catalog.ts";
import { screenGuard, type ScreenGuardContext } from "../../lib/screen-guard.ts";

type BeforeLoad = ScreenGuardContext & {
  cause: string;
  search: object;
  context: { queryClient: QueryClient };
};

/**
 * A report route's options but its component (written in the route file, where the router splits it off):
 * its validated search and its beforeLoad (the registry's guard: its title and permission are there).
 */
export function reportRoute<V extends z.ZodType>(o: {
  /** The search schema (zod), shared with the report's definition through its type. */
  search: V;
  /** The report's definition, through a dynamic import. */
  report: () => Promise<{ start: (client: QueryClient, search: z.output<V>) => void }>;
}) {
  return {
    validateSearch: o.search,
    beforeLoad: (ctx: BeforeLoad) => {
      screenGuard(ctx);
      if (ctx.cause === "enter") askCatalogEarly();
      // The router validated `search` with this route's schema before its beforeLoad ran.
      if (ctx.cause === "stay") {
        o.report().then((r) => r.start(ctx.context.queryClient, ctx.search as z.output<V>));
      }
    },
  };
}
