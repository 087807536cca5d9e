// A screen's route options that come from the registry (web/src/screens.ts): its title (the toolbar and the
// last breadcrumb read the route's staticData) and its guard. A route file names its path in createFileRoute
// and again here; the guard's type carries the route id of that path, so the two must agree or the file does
// not compile.
import { redirect } from "@tanstack/react-router";
import { type RouteIdOf, screenAt, type ScreenKey } from "../screens.ts";
import { ForbiddenError, requirePermission } from "./guard.ts";
import type { Session } from "./session.ts";

/** What a screen's guard reads of its beforeLoad context; `routeId` ties it to its own route. */
export interface ScreenGuardContext<U extends ScreenKey> {
  routeId: RouteIdOf<U>;
  context: { session: Session };
}

/** The guard of a screen: its permissions ('Área no autorizada' without them), and for a tenant its contract. */
function guardOf(path: ScreenKey): (opts: { context: { session: Session } }) => void {
  const screen = screenAt(path);
  const ids = screen.permission === undefined ? [] : [screen.permission].flat();
  return ({ context }) => {
    if (screen.tenant === "role") {
      if (!context.session.role.isTenant) throw new ForbiddenError();
    } else requirePermission(...ids)({ context });
    if (screen.tenant === "contract" && !context.session.tenant) {
      throw redirect({ to: "/locatario/seleccionar-contrato", replace: true });
    }
  };
}

/** Spread into a route's options: `...screenRoute("/Admin/Buzon")` gives its staticData and beforeLoad. */
export function screenRoute<U extends ScreenKey>(path: U): {
  staticData: { title?: string };
  beforeLoad: (ctx: ScreenGuardContext<U>) => void;
} {
  return { staticData: { title: screenAt(path).title }, beforeLoad: guardOf(path) };
}
