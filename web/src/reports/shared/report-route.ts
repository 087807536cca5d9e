// What a report route does before its screen draws. On opening, it asks for the extract catalogue beside
// the screen's code rather than after it. On a filter change, it starts the screen's reports for the new
// search. That start is the screen's code, and a route file must not import it: whatever a route file
// imports is in the first download of every page (the login's too), the engine and every report with it.
// So the screen's module registers its start when it loads, and the route asks for it by its id (a screen
// not loaded yet cannot be changing its filters).

import type { QueryClient } from "@tanstack/react-query";
import { askCatalogEarly } from "../../analytics/catalog.ts";
import { screenGuard, type ScreenGuardContext } from "../../lib/screen-guard.ts";

type Start = (client: QueryClient, search: object) => void;

const starts = new Map<string, Start>();

/** The screen's side (its module's top level): the start of its route's reports for a new search. */
export function startsOnFilterChange<R extends { id: string; useSearch: () => unknown }>(
  route: R,
  start: (client: QueryClient, search: ReturnType<R["useSearch"]>) => void,
): void {
  // The router validated `search` with this route's schema before its beforeLoad ran: it is the route's search.
  starts.set(route.id, (client, search) => start(client, search as ReturnType<R["useSearch"]>));
}

/** The route's side, in its beforeLoad after the permission check (not for a link's preload). */
export function reportBeforeLoad(
  ctx: { cause: string; routeId: string; search: object; context: { queryClient: QueryClient } },
): void {
  if (ctx.cause === "enter") askCatalogEarly();
  if (ctx.cause === "stay") starts.get(ctx.routeId)?.(ctx.context.queryClient, ctx.search);
}

/** A report route's beforeLoad: the registry's guard (lib/screen-guard.ts), then the above. */
export function reportGuard(ctx: ScreenGuardContext & Parameters<typeof reportBeforeLoad>[0]): void {
  screenGuard(ctx);
  reportBeforeLoad(ctx);
}
