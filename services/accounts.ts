import type { ContractChoice, TokenKind, TokenStatus } from "#contract/auth.ts";
import { BAD_CREDENTIALS, REQUEST_REFUSED } from "#contract/errors.ts";
import { audit } from "./audit.ts";
import { afterAnswer } from "./background.ts";
import { findUsableToken, markTokenUsed } from "./auth_tokens.ts";
import type { Actor, Ctx } from "./context.ts";
import { AppError } from "./errors.ts";
import { mailAccountLink } from "./invitations.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { createSession, revokeUserSessions, type Session, setSessionContract } from "./sessions.ts";
import { contractLabel, userContracts } from "./tenancy.ts";
import {
  assertAttemptAllowed,
  clearFailures,
  forgiveAttempt,
  THROTTLE_LIMITS,
  throttleKeys,
} from "./throttle.ts";

interface UserRow {
  id: number;
  email: string;
  name: string;
  state: string;
  password_hash: string | null;
  is_tenant: boolean;
}

const findUser = async (ctx: Ctx, email: string) =>
  (await ctx.db.query<UserRow>(
    `select u.id, u.email, u.name, u.state, u.password_hash, r.is_tenant
       from users u join roles r on r.id = u.role_id where lower(u.email) = lower($1)`,
    [email],
  ))[0];

/**
 * Signs in. The attempt is counted per account and per address before the password is looked at, so a
 * burst cannot outrun the throttle. An unknown e-mail and a blocked account answer exactly like a wrong
 * password (438) after the same work: neither the answer nor its time tells whether an account exists,
 * is blocked, or whether the password was right (docs/decisions.md, 'Sign-in and tokens').
 */
export async function login(
  ctx: Ctx,
  input: { email: string; password: string; ip: string; userAgent?: string | null },
): Promise<{ token: string; userId: number }> {
  const now = ctx.clock();
  const keys = throttleKeys(input.email, input.ip);
  await assertAttemptAllowed(ctx.db, [
    { key: keys.account, limit: THROTTLE_LIMITS.account },
    { key: keys.address, limit: THROTTLE_LIMITS.address },
  ], now);
  const user = await findUser(ctx, input.email);
  const ok = await verifyPassword(input.password, user?.password_hash ?? null);
  if (!user || !ok || user.state !== "A") throw new AppError(BAD_CREDENTIALS);
  await clearFailures(ctx.db, keys.account);
  await forgiveAttempt(ctx.db, keys.address, THROTTLE_LIMITS.address);
  const contractId = user.is_tenant ? (await userContracts(ctx.db, user.id))[0]?.id ?? null : null;
  return await ctx.db.tx(async (q) => {
    const { token } = await createSession(ctx, q, {
      userId: user.id,
      contractId,
      ip: input.ip,
      userAgent: input.userAgent,
    });
    await audit(q, { userId: user.id, action: "auth.login", entity: "session", ip: input.ip }, now);
    return { token, userId: user.id };
  });
}

export async function logout(ctx: Ctx, s: Session, ip: string): Promise<void> {
  const now = ctx.clock();
  await ctx.db.tx(async (q) => {
    await q.query("update sessions set revoked_at = $2 where id = $1", [s.id, now]);
    await audit(q, { userId: s.userId, action: "auth.logout", entity: "session", entityId: s.id, ip }, now);
  });
}

/**
 * Always the same answer, at the same speed, so the form does not reveal which e-mails have accounts: the
 * answer does no work that depends on the e-mail; the look-up, the token and the mail follow it.
 */
export function requestPasswordReset(ctx: Ctx, email: string, ip: string): void {
  afterAnswer("auth.password_reset_request", () => mailPasswordReset(ctx, email, ip));
}

async function mailPasswordReset(ctx: Ctx, email: string, ip: string): Promise<void> {
  const user = await findUser(ctx, email);
  if (!user || user.state !== "A") return;
  const now = ctx.clock();
  await ctx.db.tx((q) =>
    mailAccountLink(ctx, q, "reset", user, now, {
      userId: user.id,
      action: "auth.password_reset_request",
      entity: "user",
      entityId: user.id,
      ip,
    })
  );
}

export async function tokenStatus(ctx: Ctx, kind: TokenKind, token: string): Promise<TokenStatus> {
  const t = await findUsableToken(ctx.db, kind, token, ctx.clock());
  return { email: t.email, expiresAt: new Date(t.expires_at).toISOString() };
}

/** Sets the password from a reset or activation token, uses the token up and ends every open session. */
export async function setPasswordWithToken(
  ctx: Ctx,
  kind: TokenKind,
  token: string,
  password: string,
  ip: string,
): Promise<void> {
  const hash = await hashPassword(password);
  const now = ctx.clock();
  await ctx.db.tx(async (q) => {
    const t = await findUsableToken(q, kind, token, now, true);
    await q.query("update users set password_hash = $2, updated_at = $3 where id = $1", [
      t.user_id,
      hash,
      now,
    ]);
    await markTokenUsed(q, t.id, now);
    await revokeUserSessions(q, t.user_id, now);
    const action = kind === "reset" ? "auth.password_reset" : "auth.account_activate";
    await audit(q, { userId: t.user_id, action, entity: "user", entityId: t.user_id, ip }, now);
  });
}

export async function changePassword(ctx: Ctx, s: Session, current: string, next: string, actor: Actor) {
  const user = await findUser(ctx, s.email);
  if (!user || !(await verifyPassword(current, user.password_hash))) {
    throw new AppError(BAD_CREDENTIALS, "La contraseña actual no es correcta.", {
      currentPassword: "La contraseña actual no es correcta.",
    });
  }
  const hash = await hashPassword(next);
  const now = ctx.clock();
  await ctx.db.tx(async (q) => {
    await q.query("update users set password_hash = $2, updated_at = $3 where id = $1", [
      s.userId,
      hash,
      now,
    ]);
    // Other devices must sign in again with the new password; this session stays.
    await q.query(
      "update sessions set revoked_at = $3 where user_id = $1 and id <> $2 and revoked_at is null",
      [
        s.userId,
        s.id,
        now,
      ],
    );
    await audit(q, {
      userId: s.userId,
      action: "auth.password_change",
      entity: "user",
      entityId: s.userId,
      ip: actor.ip,
    }, now);
  });
}

/** A tenant switches among its own contracts only. */
export async function chooseContract(ctx: Ctx, s: Session, contractId: number, ip: string): Promise<void> {
  const mine = await userContracts(ctx.db, s.userId);
  if (!mine.some((c) => c.id === contractId)) throw new AppError(REQUEST_REFUSED);
  const now = ctx.clock();
  await ctx.db.tx(async (q) => {
    await setSessionContract(q, s.id, contractId);
    await audit(q, {
      userId: s.userId,
      action: "auth.contract_choose",
      entity: "session",
      entityId: s.id,
      before: { contractId: s.contractId },
      after: { contractId },
      ip,
    }, now);
  });
}

/** The tenant user's contracts for 'Seleccionar Contrato', preselecting the default one. */
export async function contractChoice(ctx: Ctx, userId: number): Promise<ContractChoice> {
  const list = await userContracts(ctx.db, userId);
  return {
    list: list.map((x) => ({
      value: x.id,
      label: contractLabel(x),
      ruc: x.ruc,
      nroContrato: x.code,
    })),
    defaultId: list.find((x) => x.isDefault)?.id ?? list[0]?.id ?? null,
  };
}
