import type { Permission } from "#contract/auth.ts";
import { STAMP_SQL } from "./change_stamp.ts";
import type { Ctx } from "./context.ts";
import { randomToken, sha256 } from "./crypto.ts";
import type { Queryable } from "./db.ts";

export interface Session {
  id: number;
  userId: number;
  email: string;
  name: string;
  userState: "A" | "I";
  roleId: number;
  roleName: string;
  isTenant: boolean;
  permissions: Set<string>;
  /** The role's permissions with their labels, in the menu's order (what /api/auth/me lists). */
  permissionList: Permission[];
  contractId: number | null;
  csrfToken: string;
  /** The change stamp read with the session (services/change_stamp.ts): what kept answers are valid for. */
  stamp: string;
}

export async function createSession(
  ctx: Ctx,
  q: Queryable,
  s: { userId: number; contractId: number | null; ip?: string | null; userAgent?: string | null },
): Promise<{ token: string; csrfToken: string }> {
  const now = ctx.clock();
  const token = randomToken();
  const csrfToken = randomToken(24);
  const expires = new Date(now.getTime() + ctx.config.sessionAbsoluteHours * 3600_000);
  await q.query(
    `insert into sessions (token_hash, csrf_token, user_id, contract_id, created_at, last_seen_at, expires_at, ip, user_agent)
     values ($1, $2, $3, $4, $5, $5, $6, $7, $8)`,
    [
      await sha256(token),
      csrfToken,
      s.userId,
      s.contractId,
      now,
      expires,
      s.ip ?? null,
      s.userAgent?.slice(0, 300) ?? null,
    ],
  );
  return { token, csrfToken };
}

// One indexed (token_hash is unique), prepared query per signed-in request: the session, its user and role,
// the role's permissions and the change stamp. Nothing of it is kept between requests, so a revocation, a
// block or a role change made by any process holds from the next request on.
const SESSION_SQL = `select s.id, s.user_id, u.email, u.name, u.state, r.id as role_id, r.name as role_name,
       r.is_tenant, s.contract_id, s.csrf_token, s.last_seen_at,
       (select json_agg(json_build_object('id', p.id, 'label', p.label) order by p.sort)
          from role_permissions rp join permissions p on p.id = rp.permission_id
         where rp.role_id = r.id) as permissions,
       ${STAMP_SQL} as stamp
  from sessions s join users u on u.id = s.user_id join roles r on r.id = u.role_id
 where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2 and s.last_seen_at > $3
   and u.state = 'A'`;

/** The live session of a cookie token: not revoked, within its absolute and idle limits, user active. */
export async function loadSession(ctx: Ctx, token: string): Promise<Session | null> {
  const now = ctx.clock();
  const idleLimit = new Date(now.getTime() - ctx.config.sessionIdleMinutes * 60_000);
  const rows = await ctx.db.query<{
    id: number;
    user_id: number;
    email: string;
    name: string;
    state: "A" | "I";
    role_id: number;
    role_name: string;
    is_tenant: boolean;
    contract_id: number | null;
    csrf_token: string;
    last_seen_at: Date;
    permissions: Permission[] | string | null;
    stamp: string;
  }>(SESSION_SQL, [await sha256(token), now, idleLimit], { prepare: true });
  const r = rows[0];
  if (!r) return null;
  // One write a minute at most keeps the idle clock honest without a write per request.
  if (now.getTime() - new Date(r.last_seen_at).getTime() > 60_000) {
    await ctx.db.query("update sessions set last_seen_at = $2 where id = $1", [r.id, now], { prepare: true });
  }
  const list: Permission[] =
    (typeof r.permissions === "string" ? JSON.parse(r.permissions) : r.permissions) ??
      [];
  return {
    id: r.id,
    userId: r.user_id,
    email: r.email,
    name: r.name,
    userState: r.state,
    roleId: r.role_id,
    roleName: r.role_name,
    isTenant: r.is_tenant,
    permissions: new Set(list.map((p) => p.id)),
    permissionList: list,
    contractId: r.contract_id,
    csrfToken: r.csrf_token,
    stamp: r.stamp,
  };
}

export async function revokeSession(q: Queryable, id: number, now: Date): Promise<void> {
  await q.query("update sessions set revoked_at = $2 where id = $1 and revoked_at is null", [id, now]);
}

export async function revokeUserSessions(q: Queryable, userId: number, now: Date): Promise<void> {
  await q.query("update sessions set revoked_at = $2 where user_id = $1 and revoked_at is null", [
    userId,
    now,
  ]);
}

export async function setSessionContract(q: Queryable, id: number, contractId: number): Promise<void> {
  await q.query("update sessions set contract_id = $2 where id = $1", [id, contractId]);
}
