// Who may see a guarantee and how the state machine sees the person acting.

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

export const TENANT_PERMISSION = "GARANTIAS_LOCATARIO";

/** Staff permissions that open the guarantee detail screens (and their attachments). */
export const STAFF_VIEW_PERMISSIONS = [
  "GARANTIAS_REVISION",
  "GARANTIAS_REVISION_2",
  "GARANTIAS_EXCEPCION",
  "GARANTIAS_RECEPCION",
  "GARANTIAS_UBICACION_CARTA_FIANZA",
  "GARANTIAS_REQUERIMIENTO_CARTA_FIANZA",
];

export const NOT_FOUND = "La garantía no existe.";

const any = (actor: GuaranteeActor, ids: string[]) => ids.some((p) => actor.permissions.has(p));

/** True for a tenant user acting on the contract of its session, which it still holds. */
export async function ownsContract(
  q: Queryable,
  actor: GuaranteeActor,
  contractId: number,
): Promise<boolean> {
  if (!actor.isTenant || !actor.permissions.has(TENANT_PERMISSION) || actor.contractId !== contractId) {
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
  const staff = !actor.isTenant && any(actor, STAFF_VIEW_PERMISSIONS);
  if (!owner && !staff) throw new AppError(404, NOT_FOUND);
  return {
    userId: actor.userId,
    roleId: actor.roleId,
    owner,
    exceptionRegistrar: staff && actor.permissions.has("GARANTIAS_EXCEPCION"),
    reviewScreens: staff && any(actor, ["GARANTIAS_REVISION", "GARANTIAS_REVISION_2"]),
  };
}
