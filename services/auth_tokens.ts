import type { TokenKind } from "#contract/auth.ts";
import { LINK_EXPIRED, LINK_INVALID } from "#contract/errors.ts";
import { randomAlnum, randomToken, sha256 } from "./crypto.ts";
import type { Queryable } from "./db.ts";
import { AppError } from "./errors.ts";

const LIFETIME_MS: Record<TokenKind, number> = { reset: 2 * 3600_000, activation: 7 * 24 * 3600_000 };
export const ACTIVATION_FAILED = "Ha ocurrido un error. No es posible activar su cuenta.";

/** Issues a single-use token (only its hash is stored); earlier unused tokens of the kind stop working. */
export async function issueToken(
  q: Queryable,
  kind: TokenKind,
  user: { id: number; email: string },
  now: Date,
): Promise<string> {
  const token = kind === "activation" ? randomAlnum(15) : randomToken();
  await q.query("update auth_tokens set used_at = $3 where user_id = $1 and kind = $2 and used_at is null", [
    user.id,
    kind,
    now,
  ]);
  await q.query(
    `insert into auth_tokens (kind, token_hash, user_id, email, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [kind, await sha256(token), user.id, user.email, now, new Date(now.getTime() + LIFETIME_MS[kind])],
  );
  return token;
}

export interface TokenRow {
  id: number;
  user_id: number;
  email: string;
  expires_at: Date;
}

/**
 * The token's row if it can still be used: the e-mail it was issued for must still be the account's,
 * it must be unused and not expired. forUpdate locks it inside a transaction against a double use.
 */
export async function findUsableToken(
  q: Queryable,
  kind: TokenKind,
  token: string,
  now: Date,
  forUpdate = false,
): Promise<TokenRow> {
  const rows = await q.query<TokenRow & { used_at: Date | null; current_email: string }>(
    `select t.id, t.user_id, t.email, t.expires_at, t.used_at, u.email as current_email
       from auth_tokens t join users u on u.id = t.user_id
      where t.token_hash = $1 and t.kind = $2 ${forUpdate ? "for update of t" : ""}`,
    [await sha256(token), kind],
  );
  const r = rows[0];
  const unusable = !r || r.used_at !== null || r.email.toLowerCase() !== r.current_email.toLowerCase();
  if (unusable) throw new AppError(LINK_INVALID, kind === "activation" ? ACTIVATION_FAILED : undefined);
  if (new Date(r.expires_at).getTime() <= now.getTime()) {
    throw new AppError(LINK_EXPIRED, kind === "activation" ? ACTIVATION_FAILED : undefined);
  }
  return r;
}

export async function markTokenUsed(q: Queryable, id: number, now: Date): Promise<void> {
  await q.query("update auth_tokens set used_at = $2 where id = $1", [id, now]);
}
