import { createApp } from "../../routes/app.ts";
import { backgroundSettled } from "../../services/background.ts";
import { type Clock, fakeClock } from "../../services/clock.ts";
import { loadConfig } from "../../services/config.ts";
import type { Ctx } from "../../services/context.ts";
import type { Db } from "../../services/db.ts";
import { clearExtractCache } from "../../services/extracts/store.ts";
import { type DbKind, freshDb } from "./db.ts";
import { rollbackDb } from "./rollback_db.ts";

export const DEMO_PASSWORD = "Demo-2026";

export interface Answer {
  status: number;
  // deno-lint-ignore no-explicit-any
  body: { success: boolean; message: string; errorId: number | null; data: any };
  headers: Headers;
  text: string;
}

/** Every answer a test saw, so one check can prove no password hash or token ever left the server. */
export const seenBodies: string[] = [];

export class Client {
  cookie: string | null = null;
  csrf: string | null = null;
  constructor(readonly t: TestApp, readonly ip = "10.0.0.1") {}

  async call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const h: Record<string, string> = { ...headers };
    if (body !== undefined && typeof body !== "string") h["content-type"] = "application/json";
    if (typeof body === "string") h["content-type"] ??= "application/json";
    if (this.cookie) h.cookie = this.cookie;
    if (this.csrf && method !== "GET" && !("x-csrf-token" in h)) h["x-csrf-token"] = this.csrf;
    const res = await this.t.app.request(path, {
      method,
      headers: h,
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    }, { remoteAddr: { hostname: this.ip } });
    const setCookie = res.headers.get("set-cookie");
    if (setCookie) {
      const value = /sid=([^;]*)/.exec(setCookie)?.[1];
      this.cookie = value ? `sid=${value}` : null;
    }
    const text = await res.text();
    seenBodies.push(text);
    const parsed = text ? JSON.parse(text) : null;
    if (parsed?.data?.csrfToken) this.csrf = parsed.data.csrfToken;
    return { status: res.status, body: parsed, headers: res.headers, text };
  }

  get = (path: string) => this.call("GET", path);
  post = (path: string, body?: unknown) => this.call("POST", path, body ?? {});
  put = (path: string, body?: unknown) => this.call("PUT", path, body ?? {});
  del = (path: string) => this.call("DELETE", path);

  async login(email: string, password = DEMO_PASSWORD): Promise<Answer> {
    return await this.post("/api/auth/login", { email, password });
  }
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  db: Db;
  ctx: Ctx;
  clock: Clock & { advance(ms: number): void; set(t: string | Date): void };
  client(ip?: string): Client;
  signedIn(email: string, ip?: string): Promise<Client>;
  close(): Promise<void>;
}

/**
 * How a test's data is kept apart: by default one transaction rolled back at the end (tests/helpers/rollback_db.ts);
 * 'database' gives the test a database of its own, for tests of truly concurrent requests.
 */
export type Isolation = "rollback" | "database";

export async function testApp(kind: DbKind, isolation: Isolation = "rollback"): Promise<TestApp> {
  // Every test database is a copy of one seeded set with its epoch: partitions another test built in this
  // worker (another file's, when tests/run.ts batches them) would pass for this one's.
  clearExtractCache();
  const db = isolation === "database" ? await freshDb(kind) : await rollbackDb(kind);
  const clock = fakeClock(new Date());
  const config = { ...loadConfig(() => undefined), publicUrl: "http://portal.test" };
  const ctx: Ctx = { db, clock, config };
  const app = createApp(ctx);
  const t: TestApp = {
    app,
    db,
    ctx,
    clock,
    client: (ip?: string) => new Client(t, ip),
    async signedIn(email: string, ip?: string) {
      const c = new Client(t, ip);
      const r = await c.login(email);
      if (r.status !== 200) throw new Error(`login ${email} failed: ${r.text}`);
      return c;
    },
    close: () => db.close(),
  };
  return t;
}

/** The newest mail to an address in the outbox, once the work that follows answers is done. */
export async function lastMail(db: Db, to: string) {
  await backgroundSettled();
  const [m] = await db.query<{ subject: string; body_text: string }>(
    "select subject, body_text from mail_outbox where lower(to_address) = lower($1) order by id desc limit 1",
    [to],
  );
  return m;
}

/** Runs the body once per database kind available, as a named Deno test each. */
export function forEachDb(
  name: string,
  kinds: DbKind[],
  body: (t: TestApp, step: Deno.TestContext) => Promise<void>,
  opts: { isolation?: Isolation } = {},
): void {
  for (const kind of kinds) {
    Deno.test({ name: `${name} [${kind}]` }, async (step) => {
      const t = await testApp(kind, opts.isolation);
      seenBodies.length = 0;
      try {
        await body(t, step);
        // No answer of any test may carry a password hash.
        const leak = seenBodies.find((b) => /\$argon2|password_hash/.test(b));
        if (leak) throw new Error(`an answer carried a password hash: ${leak.slice(0, 200)}`);
      } finally {
        await backgroundSettled();
        await t.close();
      }
    });
  }
}
