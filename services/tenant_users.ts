import {
  REQUIRED_SLOTS,
  type Slot,
  SLOTS,
  type TenantPerson,
  type TenantUsers,
  type TenantUsersBody,
} from "#contract/tenant.ts";
import { ACTION_NOT_PERMITTED, ALREADY_REGISTERED, VALIDATION_ERROR } from "#contract/errors.ts";
import { audit } from "./audit.ts";
import type { Actor, Ctx } from "./context.ts";
import type { Queryable } from "./db.ts";
import { AppError } from "./errors.ts";
import { mailAccountLink } from "./invitations.ts";
import { hashPassword } from "./passwords.ts";
import type { Session } from "./sessions.ts";
import { tenantScope } from "./tenant_scope.ts";
import { assertVersionOfAll, type Versioned, versionOfAll } from "./versions.ts";

// The four person slots of the session's contract. Passwords are write-only: the answer says whether one
// is set, never what it is. A tenant only touches its own people: an e-mail that belongs to staff or to
// another tenant's contract is refused, so no tenant can take over someone else's account.

/** The role a new person of each slot gets (the seed's tenant roles). */
export const SLOT_ROLE: Record<Slot, number> = {
  administrador: 3,
  operador: 2,
  financiero1: 102,
  financiero2: 114,
};
type SlotInput = TenantPerson;

interface Holder {
  slot: Slot;
  user_id: number;
  email: string;
  name: string;
  state: "A" | "I";
  has_password: boolean;
}

const holders = (q: Queryable, contractId: number, forUpdate = false) =>
  q.query<Holder>(
    `select cu.slot, u.id as user_id, u.email, u.name, u.state, u.password_hash is not null as has_password
       from contract_users cu join users u on u.id = cu.user_id
      where cu.contract_id = $1 ${forUpdate ? "for update of cu" : ""}`,
    [contractId],
  );

/**
 * The records whose audited writes make the version of a contract's people (issue 38): the tenant's own
 * 'Administración de Usuarios' (contract_users) and staff's 'Gestionar' (contract) edit the same slots.
 */
export const peopleRecords = (code: string, contractId: number): Versioned[] => [
  ["contract", code],
  ["contract_users", contractId],
];

export async function listTenantUsers(ctx: Ctx, s: Session): Promise<TenantUsers> {
  const scope = await tenantScope(ctx.db, s);
  const rows = await holders(ctx.db, scope.contractId);
  const out = {} as TenantUsers;
  for (const slot of SLOTS) {
    const h = rows.find((r) => r.slot === slot);
    out[slot] = h
      ? {
        correo: h.email,
        nombreCompleto: h.name,
        contraseniaDefinida: h.has_password,
        estado: h.state,
        esUsted: h.user_id === s.userId,
      }
      : null;
  }
  out.version = await versionOfAll(ctx.db, peopleRecords(scope.code, scope.contractId));
  return out;
}

const TAKEN = "El correo ya se encuentra registrado.";
const field = (slot: Slot, name: string, message: string) => ({ [`${slot}.${name}`]: message });

/**
 * Whether the tenant may change this user: a tenant-role account whose slots are all in contracts of the
 * same customer (RUC), or that held a slot of this contract before this save. Anyone else (staff, another
 * tenant's people) is refused.
 */
async function ownedByTenant(
  q: Queryable,
  userId: number,
  tenantId: number,
  formerHolders: Set<number>,
): Promise<boolean> {
  const [r] = await q.query<{ tenant_role: boolean; mine: number; others: number }>(
    `select r.is_tenant as tenant_role,
            (select count(*)::int from contract_users cu join contracts c on c.id = cu.contract_id
              where cu.user_id = u.id and c.tenant_id = $2) as mine,
            (select count(*)::int from contract_users cu join contracts c on c.id = cu.contract_id
              where cu.user_id = u.id and c.tenant_id <> $2) as others
       from users u join roles r on r.id = u.role_id where u.id = $1`,
    [userId, tenantId],
  );
  return !!r && r.tenant_role && r.others === 0 && (r.mine > 0 || formerHolders.has(userId));
}

/** Saves the four slots in one transaction; new people get the activation mail. */
export async function saveTenantUsers(
  ctx: Ctx,
  s: Session,
  input: TenantUsersBody,
  actor: Actor,
): Promise<void> {
  for (const slot of REQUIRED_SLOTS) {
    if (!input[slot]) {
      throw new AppError(VALIDATION_ERROR, undefined, field(slot, "correo", "Ingresar el correo"));
    }
  }
  const seen = new Map<string, Slot>();
  for (const slot of SLOTS) {
    const email = input[slot]?.correo.toLowerCase();
    if (!email) continue;
    if (seen.has(email)) {
      throw new AppError(
        VALIDATION_ERROR,
        undefined,
        field(slot, "correo", "Cada persona del contrato debe tener un correo distinto."),
      );
    }
    seen.set(email, slot);
  }
  // Hashing is slow on purpose: done before the transaction opens.
  const hashes = new Map<Slot, string>();
  for (const slot of SLOTS) {
    const pw = input[slot]?.contrasenia;
    if (pw) hashes.set(slot, await hashPassword(pw));
  }
  const now = ctx.clock();
  await ctx.db.tx(async (q) => {
    const scope = await tenantScope(q, s);
    // The contract's row is the lock staff's 'Gestionar' takes too: a save racing another waits, then sees it.
    await q.query("select 1 from contracts where id = $1 for update", [scope.contractId]);
    await assertVersionOfAll(q, peopleRecords(scope.code, scope.contractId), input.version);
    const current = await holders(q, scope.contractId, true);
    const former = new Set(current.map((h) => h.user_id));
    const passwordSet = new Set<number>();
    for (const slot of SLOTS) {
      const want = input[slot];
      const had = current.find((h) => h.slot === slot);
      const sameUser = had && want && had.email.toLowerCase() === want.correo.toLowerCase();
      if (had && !sameUser) {
        if (had.user_id === actor.userId) {
          const msg = "No puede quitarse a sí mismo del contrato.";
          throw new AppError(ACTION_NOT_PERMITTED, msg, field(slot, "correo", msg));
        }
        await q.query("delete from contract_users where contract_id = $1 and slot = $2", [
          scope.contractId,
          slot,
        ]);
      }
      if (!want) continue;
      let userId: number;
      if (sameUser) userId = had.user_id;
      else {
        const [existing] = await q.query<{ id: number }>(
          "select id from users where lower(email) = lower($1)",
          [
            want.correo,
          ],
        );
        if (existing) {
          if (!(await ownedByTenant(q, existing.id, scope.tenantId, former))) {
            throw new AppError(ALREADY_REGISTERED, TAKEN, field(slot, "correo", TAKEN));
          }
          userId = existing.id;
        } else {
          userId = await createTenantUser(ctx, q, slot, want, hashes.get(slot) ?? null, now);
        }
        const [{ n }] = await q.query<{ n: number }>(
          "select count(*)::int as n from contract_users where user_id = $1 and is_default",
          [userId],
        );
        await q.query(
          "insert into contract_users (contract_id, user_id, slot, is_default) values ($1, $2, $3, $4)",
          [scope.contractId, userId, slot, n === 0],
        );
      }
      const changed = await updatePerson(
        q,
        scope.tenantId,
        former,
        slot,
        userId,
        want,
        hashes.get(slot),
        actor,
        now,
      );
      if (changed) passwordSet.add(userId);
    }
    const after = await holders(q, scope.contractId);
    // People who left the contract, and those whose password someone else set, sign in again.
    const stay = new Set(after.map((h) => h.user_id));
    const revoke = [...former].filter((id) => !stay.has(id)).concat([...passwordSet]);
    for (const id of new Set(revoke)) {
      if (id !== actor.userId) {
        await q.query("update sessions set revoked_at = $2 where user_id = $1 and revoked_at is null", [
          id,
          now,
        ]);
      }
    }
    const view = (rows: Holder[]) =>
      Object.fromEntries(rows.map((h) => [h.slot, { correo: h.email, nombreCompleto: h.name }]));
    await audit(q, {
      userId: actor.userId,
      action: "tenant.users_update",
      entity: "contract_users",
      entityId: scope.contractId,
      before: view(current),
      after: { ...view(after), contraseniasDefinidas: [...hashes.keys()] },
      ip: actor.ip,
    }, now);
  });
}

async function createTenantUser(
  ctx: Ctx,
  q: Queryable,
  slot: Slot,
  want: SlotInput,
  hash: string | null,
  now: Date,
): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `insert into users (email, name, role_id, state, password_hash, created_at, updated_at)
     values ($1, $2, $3, 'A', $4, $5, $5) on conflict do nothing returning id`,
    [want.correo, want.nombreCompleto, SLOT_ROLE[slot], hash, now],
  );
  if (!row) throw new AppError(ALREADY_REGISTERED, TAKEN, field(slot, "correo", TAKEN));
  // The contract's save is audited once by the caller; the new person only gets the activation mail.
  await mailAccountLink(
    ctx,
    q,
    "activation",
    { id: row.id, email: want.correo, name: want.nombreCompleto },
    now,
  );
  return row.id;
}

/** Name and password of a slot's person, when they change; only for the tenant's own people. True when a
 * password was set. */
async function updatePerson(
  q: Queryable,
  tenantId: number,
  former: Set<number>,
  slot: Slot,
  userId: number,
  want: SlotInput,
  hash: string | undefined,
  actor: Actor,
  now: Date,
): Promise<boolean> {
  const [u] = await q.query<{ name: string; password_hash: string | null }>(
    "select name, password_hash from users where id = $1",
    [userId],
  );
  const rename = u.name !== want.nombreCompleto;
  const newPassword = hash !== undefined && u.password_hash !== hash;
  if (!rename && !newPassword) return false;
  if (newPassword && userId === actor.userId) {
    const msg = "Para cambiar su propia contraseña use la opción 'Cambiar contraseña'.";
    throw new AppError(ACTION_NOT_PERMITTED, msg, field(slot, "contrasenia", msg));
  }
  if (!(await ownedByTenant(q, userId, tenantId, former))) {
    const msg =
      "Este usuario también pertenece a otro locatario: solo el administrador del portal puede modificarlo.";
    throw new AppError(ACTION_NOT_PERMITTED, msg, field(slot, "correo", msg));
  }
  await q.query(
    `update users set name = $2, password_hash = coalesce($3, password_hash), updated_at = $4 where id = $1`,
    [userId, want.nombreCompleto, newPassword ? hash : null, now],
  );
  return newPassword;
}
