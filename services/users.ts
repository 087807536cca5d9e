import type { NewUserInput, UserInput, UserRow } from "#contract/admin.ts";
import { ACTION_NOT_PERMITTED, ALREADY_REGISTERED, NOT_FOUND } from "#contract/errors.ts";
import { audit } from "./audit.ts";
import type { Actor, Ctx } from "./context.ts";
import type { Queryable } from "./db.ts";
import { AppError, VALIDATION_ERROR } from "./errors.ts";
import { mailAccountLink } from "./invitations.ts";
import { revokeUserSessions } from "./sessions.ts";
import { assertVersion, versionsOf } from "./versions.ts";

const EMAIL_TAKEN = "El correo ya se encuentra registrado.";

export async function listUsers(q: Queryable, roleIds: number[]): Promise<UserRow[]> {
  const rows = await q.query<
    {
      id: number;
      email: string;
      name: string;
      dni: string | null;
      role_id: number;
      role_name: string;
      state: string;
      activated: boolean;
    }
  >(
    `select u.id, u.email, u.name, u.dni, u.role_id, r.name as role_name, u.state,
            u.password_hash is not null as activated
       from users u join roles r on r.id = u.role_id where u.role_id = any($1) order by u.name, u.id`,
    [roleIds],
  );
  const versions = await versionsOf(q, "user", rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    dni: r.dni,
    roleId: r.role_id,
    roleName: r.role_name,
    userState: r.state === "A",
    activated: r.activated,
    version: versions.get(String(r.id)) ?? 0,
  }));
}

async function assertRole(q: Queryable, roleId: number) {
  const found = await q.query("select 1 from roles where id = $1", [roleId]);
  if (found.length === 0) throw new AppError(VALIDATION_ERROR, undefined, { roleId: "Selecciona un rol" });
}

async function assertEmailFree(q: Queryable, email: string, exceptId = 0) {
  const taken = await q.query("select 1 from users where lower(email) = lower($1) and id <> $2", [
    email,
    exceptId,
  ]);
  if (taken.length > 0) throw new AppError(ALREADY_REGISTERED, EMAIL_TAKEN, { email: EMAIL_TAKEN });
}

/** Creates the account without a password and mails the activation link (15-character token). */
export async function createUser(ctx: Ctx, input: NewUserInput, actor: Actor): Promise<number> {
  const now = ctx.clock();
  return await ctx.db.tx(async (q) => {
    await assertRole(q, input.roleId);
    await assertEmailFree(q, input.email);
    const [row] = await q.query<{ id: number }>(
      `insert into users (email, name, dni, role_id, state, created_at, updated_at)
       values ($1, $2, $3, $4, 'A', $5, $5) on conflict do nothing returning id`,
      [input.email, input.name, input.dni, input.roleId, now],
    );
    if (!row) throw new AppError(ALREADY_REGISTERED, EMAIL_TAKEN, { email: EMAIL_TAKEN });
    await mailAccountLink(ctx, q, "activation", { id: row.id, email: input.email, name: input.name }, now, {
      userId: actor.userId,
      action: "admin.user_create",
      entity: "user",
      entityId: row.id,
      after: input,
      ip: actor.ip,
    });
    return row.id;
  });
}

export async function updateUser(
  ctx: Ctx,
  id: number,
  input: UserInput,
  actor: Actor,
): Promise<void> {
  const now = ctx.clock();
  await ctx.db.tx(async (q) => {
    const [before] = await q.query<
      { email: string; name: string; dni: string | null; role_id: number; state: string }
    >(
      "select email, name, dni, role_id, state from users where id = $1 for update",
      [id],
    );
    if (!before) throw new AppError(NOT_FOUND, "El usuario no existe.");
    await assertVersion(q, "user", id, input.version);
    if (id === actor.userId && input.userState === "I") {
      throw new AppError(ACTION_NOT_PERMITTED, "No puede bloquear su propia cuenta.");
    }
    await assertRole(q, input.roleId);
    await assertEmailFree(q, input.email, id);
    await q.query(
      "update users set email = $2, name = $3, dni = $4, role_id = $5, state = $6, updated_at = $7 where id = $1",
      [id, input.email, input.name, input.dni, input.roleId, input.userState, now],
    );
    const lostAccess = input.userState === "I" || input.roleId !== before.role_id ||
      input.email.toLowerCase() !== before.email.toLowerCase();
    if (lostAccess && id !== actor.userId) await revokeUserSessions(q, id, now);
    await audit(q, {
      userId: actor.userId,
      action: "admin.user_update",
      entity: "user",
      entityId: id,
      before: {
        email: before.email,
        name: before.name,
        dni: before.dni,
        roleId: before.role_id,
        userState: before.state,
      },
      after: input,
      ip: actor.ip,
    }, now);
  });
}
