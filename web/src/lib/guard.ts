import type { PermissionId } from "#contract/permissions.ts";
import { hasAnyPermission, type Session } from "./session.ts";

/** Thrown by a permission gate; the router shows 'Área no autorizada' in the screen's place. */
export class ForbiddenError extends Error {
  constructor() {
    super("Área no autorizada");
    this.name = "ForbiddenError";
  }
}

/** A route's beforeLoad that lets the role in when it holds any of the permission ids (`P.X`). */
export function requirePermission(...ids: PermissionId[]) {
  return ({ context }: { context: { session: Session | null } }) => {
    if (!hasAnyPermission(context.session, ids)) throw new ForbiddenError();
  };
}

export const isForbidden = (e: unknown) => e instanceof ForbiddenError;
