import type { RoleInput, RoleRow, RoleUpdateInput } from "#contract/admin.ts";
import { ALREADY_REGISTERED, NOT_FOUND, STATE_CONFLICT } from "#contract/errors.ts";
import type { Permission } from "#contract/auth.ts";
import { audit } from "./audit.ts";
import type { Actor, Ctx } from "./context.ts";
import type { Queryable } from "./db.ts";
import { AppError, VALIDATION_ERROR } from "./errors.ts";
import { assertVersion, versionsOf } from "./versions.ts";

const NAME_TAKEN = "Ya existe un rol con ese nombre.";

export async function listRoles(q: Queryable): Promise<RoleRow[]> {
  const rows = await q.query<
    {
      id: number;
      name: string;
      is_tenant: boolean;
      user_count: number;
      perms: Permission[] | string | null;
    }
  >(
    `select r.id, r.name, r.is_tenant,
            (select count(*)::int from users u where u.role_id = r.id) as user_count,
            (select json_agg(json_build_object('id', p.id, 'label', p.label) order by p.sort)
               from role_permissions rp join permissions p on p.id = rp.permission_id where rp.role_id = r.id) as perms
       from roles r order by r.name`,
  );
  const versions = await versionsOf(q, "role", rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    isTenant: r.is_tenant,
    userCount: r.user_count,
    permissionList: typeof r.perms === "string" ? JSON.parse(r.perms) : r.perms ?? [],
    version: versions.get(String(r.id)) ?? 0,
  }));
}

export const listPermissions = (q: Queryable): Promise<Permission[]> =>
  q.query<Permission>("select id, label from permissions order by sort");

async function check(q: Queryable, input: RoleInput, exceptId = 0) {
  const taken = await q.query("select 1 from roles where lower(name) = lower($1) and id <> $2", [
    input.name,
    exceptId,
  ]);
  if (taken.length > 0) throw new AppError(ALREADY_REGISTERED, NAME_TAKEN, { name: NAME_TAKEN });
  const known = await q.query<{ n: number }>(
    "select count(*)::int as n from permissions where id = any($1)",
    [
      input.permissions,
    ],
  );
  if (known[0].n !== new Set(input.permissions).size) {
    throw new AppError(VALIDATION_ERROR, undefined, { permissions: "Hay permisos que no existen." });
  }
}

async function setPermissions(q: Queryable, roleId: number, permissions: string[]) {
  await q.query("delete from role_permissions where role_id = $1", [roleId]);
  await q.query(
    "insert into role_permissions (role_id, permission_id) select $1, unnest($2::text[]) on conflict do nothing",
    [roleId, permissions],
  );
}

const permissionsOf = async (q: Queryable, roleId: number) =>
  (await q.query<{ permission_id: string }>(
    "select permission_id from role_permissions where role_id = $1 order by permission_id",
    [roleId],
  )).map((r) => r.permission_id);

export async function createRole(ctx: Ctx, input: RoleInput, actor: Actor): Promise<number> {
  const now = ctx.clock();
  return await ctx.db.tx(async (q) => {
    await check(q, input);
    const [row] = await q.query<{ id: number }>("insert into roles (name) values ($1) returning id", [
      input.name,
    ]);
    await setPermissions(q, row.id, input.permissions);
    await audit(q, {
      userId: actor.userId,
      action: "admin.role_create",
      entity: "role",
      entityId: row.id,
      after: input,
      ip: actor.ip,
    }, now);
    return row.id;
  });
}

export async function updateRole(
  ctx: Ctx,
  id: number,
  input: RoleUpdateInput,
  actor: Actor,
): Promise<void> {
  const now = ctx.clock();
  await ctx.db.tx(async (q) => {
    const [before] = await q.query<{ name: string }>("select name from roles where id = $1 for update", [id]);
    if (!before) throw new AppError(NOT_FOUND, "El rol no existe.");
    await assertVersion(q, "role", id, input.version);
    await check(q, input, id);
    const beforePerms = await permissionsOf(q, id);
    await q.query("update roles set name = $2 where id = $1", [id, input.name]);
    await setPermissions(q, id, input.permissions);
    await audit(q, {
      userId: actor.userId,
      action: "admin.role_update",
      entity: "role",
      entityId: id,
      before: { name: before.name, permissions: beforePerms },
      after: input,
      ip: actor.ip,
    }, now);
  });
}

export async function removeRole(ctx: Ctx, id: number, actor: Actor): Promise<void> {
  const now = ctx.clock();
  await ctx.db.tx(async (q) => {
    const [before] = await q.query<{ name: string }>("select name from roles where id = $1 for update", [id]);
    if (!before) throw new AppError(NOT_FOUND, "El rol no existe.");
    const [{ n }] = await q.query<{ n: number }>("select count(*)::int as n from users where role_id = $1", [
      id,
    ]);
    if (n > 0) {
      throw new AppError(
        STATE_CONFLICT,
        `No se puede eliminar el rol porque ${
          n === 1 ? "un usuario lo tiene" : `${n} usuarios lo tienen`
        } asignado.`,
      );
    }
    const beforePerms = await permissionsOf(q, id);
    await q.query("delete from roles where id = $1", [id]);
    await audit(q, {
      userId: actor.userId,
      action: "admin.role_delete",
      entity: "role",
      entityId: id,
      before: { name: before.name, permissions: beforePerms },
      ip: actor.ip,
    }, now);
  });
}
