import type { MailRow } from "#contract/admin.ts";
import type { Ctx } from "./context.ts";
import type { Queryable } from "./db.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Mail leaves through the outbox, in the same transaction as the change that caused it. */
export async function enqueueMail(q: Queryable, m: Mail, now: Date): Promise<void> {
  await q.query(
    "insert into mail_outbox (to_address, subject, body_text, body_html, created_at) values ($1, $2, $3, $4, $5)",
    [m.to, m.subject, m.text, m.html ?? null, now],
  );
}

/** 'Buzón de correo': the outbox, newest first. */
export async function listMailbox(q: Queryable, limit = 200): Promise<MailRow[]> {
  const rows = await q.query<{
    id: number;
    to_address: string;
    subject: string;
    body_text: string;
    body_html: string | null;
    created_at: Date;
    sent_at: Date | null;
  }>(
    `select id, to_address, subject, body_text, body_html, created_at, sent_at
       from mail_outbox order by id desc limit $1`,
    [limit],
  );
  return rows.map((r) => ({
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    bodyText: r.body_text,
    bodyHtml: r.body_html,
    createdAt: new Date(r.created_at).toISOString(),
    sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
  }));
}

export type Deliver = (m: Mail) => Promise<void>;

/**
 * Sends what is pending in the outbox. Without SMTP the outbox is the local mailbox: messages are marked
 * delivered and announced in the log by recipient and subject only (bodies carry tokens). On PostgreSQL each
 * message is claimed in its own transaction (`for update skip locked`), so server processes sharing the
 * database send it once between them; PGlite belongs to one process, and a transaction there would hold
 * every other query while the mail goes out.
 */
export async function flushOutbox(ctx: Ctx, deliver: Deliver | null, log = console.log): Promise<number> {
  const shared = ctx.db.kind === "postgres";
  const claim = <T>(fn: (q: Queryable) => Promise<T>) => shared ? ctx.db.tx(fn) : fn(ctx.db);
  let sent = 0, after = 0;
  for (let i = 0; i < 50; i++) {
    const outcome = await claim(async (q) => {
      const [m] = await q.query<
        { id: number; to_address: string; subject: string; body_text: string; body_html: string | null }
      >(
        `select id, to_address, subject, body_text, body_html from mail_outbox
          where sent_at is null and attempts < 5 and id > $1 order by id limit 1${
          shared ? " for update skip locked" : ""
        }`,
        [after],
      );
      if (!m) return null;
      after = m.id;
      try {
        if (deliver) {
          await deliver({
            to: m.to_address,
            subject: m.subject,
            text: m.body_text,
            html: m.body_html ?? undefined,
          });
        }
      } catch (err) {
        await q.query("update mail_outbox set attempts = attempts + 1, last_error = $2 where id = $1", [
          m.id,
          String(err).slice(0, 500),
        ]);
        return "failed";
      }
      await q.query("update mail_outbox set sent_at = $2, attempts = attempts + 1 where id = $1", [
        m.id,
        ctx.clock(),
      ]);
      log(`[correo] ${deliver ? "enviado" : "en el buzón local"}: para ${m.to_address} «${m.subject}»`);
      return "sent";
    });
    if (outcome === null) break;
    if (outcome === "sent") sent++;
  }
  return sent;
}
