import type { TokenKind } from "#contract/auth.ts";
import { audit, type AuditEntry } from "./audit.ts";
import { issueToken } from "./auth_tokens.ts";
import type { Ctx } from "./context.ts";
import type { Queryable } from "./db.ts";
import { enqueueMail, type Mail } from "./mail.ts";
import { activationMail, resetPasswordMail } from "./mail_templates.ts";

// The screens the mailed links open (spec 1 section 2) and the query parameter that carries the token.
const LINKS: Record<
  TokenKind,
  { path: string; param: string; mail: (to: string, name: string, href: string) => Mail }
> = {
  activation: { path: "/auth/activateAccount", param: "a", mail: activationMail },
  reset: { path: "/auth/resetPassword", param: "q", mail: resetPasswordMail },
};

/**
 * Issues the account's single-use token, queues the mail with its link and records the audit entry (when
 * the caller audits the write itself, none): all in the caller's transaction, so a failed write mails
 * nothing and a mailed link always belongs to a stored account.
 */
export async function mailAccountLink(
  ctx: Ctx,
  q: Queryable,
  kind: TokenKind,
  user: { id: number; email: string; name: string },
  now: Date,
  entry?: AuditEntry,
): Promise<void> {
  const token = await issueToken(q, kind, user, now);
  const link = LINKS[kind];
  const href = `${ctx.config.publicUrl}${link.path}?${link.param}=${encodeURIComponent(token)}`;
  await enqueueMail(q, link.mail(user.email, user.name, href), now);
  if (entry) await audit(q, entry, now);
}
