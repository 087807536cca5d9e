import assert from "node:assert/strict";
import { fakeClock } from "../../services/clock.ts";
import { loadConfig } from "../../services/config.ts";
import { openPglite } from "../../services/db.ts";
import { enqueueMail, flushOutbox } from "../../services/mail.ts";
import { migrate } from "../../services/migrate.ts";
import { smtpDeliver } from "../../services/smtp.ts";
import { TextLineStream } from "../helpers/lines.ts";

/** A minimal SMTP server on loopback that keeps the DATA of each message. */
function fakeSmtp() {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const received: string[] = [];
  const enc = new TextEncoder();
  (async () => {
    for await (const conn of listener) {
      (async () => {
        const say = (s: string) => conn.write(enc.encode(s + "\r\n"));
        await say("220 fake ESMTP");
        let data: string[] | null = null;
        for await (
          const line of conn.readable.pipeThrough(new TextDecoderStream()).pipeThrough(new TextLineStream())
        ) {
          if (data) {
            if (line === ".") {
              received.push(data.join("\n"));
              data = null;
              await say("250 OK queued");
            } else data.push(line);
          } else if (/^(EHLO|HELO)/i.test(line)) await say("250 fake");
          else if (/^DATA/i.test(line)) {
            data = [];
            await say("354 go ahead");
          } else if (/^QUIT/i.test(line)) {
            await say("221 bye");
            conn.close();
            break;
          } else await say("250 OK");
        }
      })().catch(() => {});
    }
  })().catch(() => {});
  return { port: (listener.addr as Deno.NetAddr).port, received, close: () => listener.close() };
}

Deno.test({
  name: "flushOutbox() sends pending mail over SMTP once",
  sanitizeOps: false,
  sanitizeResources: false,
}, async () => {
  const smtp = fakeSmtp();
  const db = await openPglite();
  try {
    await migrate(db);
    const clock = fakeClock("2026-01-05T12:00:00Z");
    const ctx = { db, clock, config: loadConfig(() => undefined) };
    await enqueueMail(
      db,
      { to: "ana@demo.pe", subject: "Activación de su cuenta", text: "Hola Ana" },
      clock(),
    );
    const deliver = smtpDeliver(`smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`);
    const logged: string[] = [];
    assert.equal(await flushOutbox(ctx, deliver, (m) => logged.push(m)), 1);
    assert.equal(smtp.received.length, 1);
    assert.match(smtp.received[0], /To: ana@demo\.pe/);
    assert.match(smtp.received[0], /Hola Ana/);
    assert.doesNotMatch(logged.join("\n"), /Hola Ana/, "bodies are not logged");
    assert.equal(await flushOutbox(ctx, deliver, () => {}), 0, "sent mail is not sent again");
  } finally {
    await db.close();
    smtp.close();
  }
});

Deno.test("flushOutbox() keeps failed mail for a retry with the error", async () => {
  const db = await openPglite();
  try {
    await migrate(db);
    const clock = fakeClock("2026-01-05T12:00:00Z");
    const ctx = { db, clock, config: loadConfig(() => undefined) };
    await enqueueMail(db, { to: "ana@demo.pe", subject: "x", text: "y" }, clock());
    const sent = await flushOutbox(ctx, () => Promise.reject(new Error("conexión rechazada")), () => {});
    assert.equal(sent, 0);
    const [row] = await db.query<{ sent_at: Date | null; attempts: number; last_error: string }>(
      "select sent_at, attempts, last_error from mail_outbox",
    );
    assert.equal(row.sent_at, null);
    assert.equal(row.attempts, 1);
    assert.match(row.last_error, /conexión rechazada/);
  } finally {
    await db.close();
  }
});
