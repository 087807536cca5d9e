// Who may see a guarantee and how the state machine sees the person acting.

import { NOT_FOUND } from "#contract/errors.ts";
import { GUARANTEE_REVIEWERS, GUARANTEE_STAFF_VIEW } from "#contract/guarantees/guarantees.ts";
import { P, type PermissionId } from "#contract/permissions.ts";
import type { Queryable } from "../db.ts";
import { AppError } from "../errors.ts";
import type { MachineActor } from "./state_machine.ts";

/** The person acting, from the session (routes build it; a tenant's contract comes from the session only). */
export interface GuaranteeActor {
  userId: number;
  email: string;
  roleId: number;
  roleName: string;
  isTenant: boolean;
  /** The contract chosen for a tenant's session. */
  contractId: number | null;
  permissions: ReadonlySet<string>;
  ip?: string | null;
}

export const GUARANTEE_MISSING = "La garantía no existe.";

const any = (actor: GuaranteeActor, ids: readonly PermissionId[]) =>
  ids.some((p) => actor.permissions.has(p));

/**
 * Whether the guarantee screens' calls would let this person see a guarantee of the contract, for a screen
 * that only links to them (the account statement): a tenant its session's contract, staff with a guarantee
 * screen any. The linked call checks again (actorFor), including that the tenant still holds the contract.
 */
export function seesGuaranteesOf(
  actor: Pick<GuaranteeActor, "isTenant" | "contractId" | "permissions">,
): (contractId: number) => boolean {
  if (actor.isTenant) {
    const own = actor.permissions.has(P.GARANTIAS_LOCATARIO) ? actor.contractId : null;
    return (contractId) => own !== null && contractId === own;
  }
  const staff = GUARANTEE_STAFF_VIEW.some((p) => actor.permissions.has(p));
  return () => staff;
}

/** True for a tenant user acting on the contract of its session, which it still holds. */
export async function ownsContract(
  q: Queryable,
  actor: GuaranteeActor,
  contractId: number,
): Promise<boolean> {
  if (!actor.isTenant || !actor.permissions.has(P.GARANTIAS_LOCATARIO) || actor.contractId !== contractId) {
    return false;
  }
  const rows = await q.query("select 1 from contract_users where user_id = $1 and contract_id = $2", [
    actor.userId,
    contractId,
  ]);
  return rows.length > 0;
}

/**
 * The machine's view of the actor for a guarantee of this contract; throws 404 when the actor may not see
 * it (another tenant's guarantee is answered like one that does not exist).
 */
export async function actorFor(
  q: Queryable,
  actor: GuaranteeActor,
  contractId: number,
): Promise<MachineActor> {
  const owner = await ownsContract(q, actor, contractId);
  const staff = !actor.isTenant && any(actor, GUARANTEE_STAFF_VIEW);
  if (!owner && !staff) throw new AppError(NOT_FOUND, GUARANTEE_MISSING);
  return {
    userId: actor.userId,
    roleId: actor.roleId,
    owner,
    exceptionRegistrar: staff && actor.permissions.has(P.GARANTIAS_EXCEPCION),
    reviewScreens: staff && any(actor, GUARANTEE_REVIEWERS),
    receptionist: staff && actor.permissions.has(P.GARANTIAS_RECEPCION),
    vaultKeeper: staff && actor.permissions.has(P.GARANTIAS_UBICACION_CARTA_FIANZA),
    requirer: staff && actor.permissions.has(P.GARANTIAS_REQUERIMIENTO_CARTA_FIANZA),
    stateEditor: staff && actor.permissions.has(P.SUPERADMIN_CONFIG),
  };
}
