import { redirect } from "@tanstack/react-router";
import type { PermissionId } from "../../../../contract/permissions.ts";
import { requirePermission } from "../../lib/guard.ts";
import type { Session } from "../../lib/session.ts";

/** A tenant screen's beforeLoad: its permission, then a contract in the session (else the selection). */
export function tenantScreen(permission: PermissionId): (opts: { context: { session: Session } }) => void {
  return (opts) => {
    requirePermission(permission)(opts);
    if (!opts.context.session.tenant) {
      throw redirect({ to: "/locatario/seleccionar-contrato", replace: true });
    }
  };
}
