// A screen route's guard, from the registry (web/src/screens.ts) by the route's own id: a route file names its
// path once, in createFileRoute, and writes `beforeLoad: screenGuard`. The guard's context type admits only
// the registry's route ids, so a route that the registry does not know does not compile.
import { redirect } from "@tanstack/react-router";
import { screenOfRoute, type ScreenRouteId } from "../screens.ts";
import { ForbiddenError, requirePermission } from "./guard.ts";
import type { Session } from "./session.ts";

/** What a screen's guard reads of its beforeLoad context. */
export interface ScreenGuardContext {
  routeId: ScreenRouteId;
  context: { session: Session };
}

/** The registry's guard: its permissions ('Área no autorizada' without them), and for a tenant its contract. */
export function screenGuard({ routeId, context }: ScreenGuardContext): void {
  const screen = screenOfRoute(routeId);
  if (!screen) throw new Error(`Cannot guard ${routeId}: it is not in the screens' registry`);
  if (screen.tenant === "role") {
    if (!context.session.role.isTenant) throw new ForbiddenError();
  } else requirePermission(...[screen.permission ?? []].flat())({ context });
  if (screen.tenant === "contract" && !context.session.tenant) {
    throw redirect({ to: "/locatario/seleccionar-contrato", replace: true });
  }
}
