// Issue 18, 'Beyond one machine': two server processes on one PostgreSQL share nothing but the database, so
// a session made on one works on the other, sign-in failures on both count toward one throttle, a logout
// on one is refused on the other at once, and what a process keeps in memory (services/change_stamp.ts)
// follows a write made on the other at once.
import assert from "node:assert/strict";
import { systemClock } from "../services/clock.ts";
import { loadConfig } from "../services/config.ts";
import { openPostgres } from "../services/db.ts";
import { enqueueMail, flushOutbox } from "../services/mail.ts";
import { freshPostgresDatabase, postgresAvailable } from "./helpers/db.ts";
import { spawnServer } from "./helpers/server.ts";

const pg = await postgresAvailable();
if (!pg) console.warn("two_processes_test: skipped, no PostgreSQL on 127.0.0.1:5432 (set TEST_PG_URL)");

async function call(
  base: string,
  path: string,
  init: { body?: unknown; cookie?: string; csrf?: string } = {},
) {
  const headers: Record<string, string> = { "x-forwarded-for": "10.8.0.1" };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.cookie) headers.cookie = init.cookie;
  if (init.csrf) headers["x-csrf-token"] = init.csrf;
  const res = await fetch(`${base}${path}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, cookie: res.headers.get("set-cookie")?.split(";")[0], body: await res.json() };
}

Deno.test({
  name: "two server processes on one PostgreSQL share sessions, the throttle and revocations",
  ignore: !pg,
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const db = await freshPostgresDatabase();
  // API only (--dev): the interface is not what is shared here, and building it would dominate the test.
  const env = { DATABASE_URL: db.url, EXTRACT_WARMUP: "0", TRUST_PROXY: "1" };
  const started = await Promise.allSettled([
    spawnServer(env, { args: ["--dev"] }),
    spawnServer(env, { args: ["--dev"] }),
  ]);
  const servers = started.flatMap((s) => s.status === "fulfilled" ? [s.value] : []);
  try {
    const failed = started.find((s) => s.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
    const [a, b] = servers.map((s) => s.url);

    // A session made on A is good on B.
    const login = await call(a, "/api/auth/login", {
      body: { email: "admin@demo.pe", password: "Demo-2026" },
    });
    assert.equal(login.status, 200);
    const session = { cookie: login.cookie!, csrf: login.body.data.csrfToken as string };
    const me = await call(b, "/api/auth/me", session);
    assert.equal(me.status, 200);
    assert.equal(me.body.data.email, "admin@demo.pe");

    // Twelve wrong passwords at once, half on each: one throttle, so five are evaluated in all.
    const tries = await Promise.all(
      Array.from(
        { length: 12 },
        (_, i) =>
          call(i % 2 ? a : b, "/api/auth/login", {
            body: { email: "staff@demo.pe", password: "mala-clave" },
          }),
      ),
    );
    const ids = tries.map((r) => r.body.errorId);
    assert.equal(ids.filter((x) => x === 438).length, 5, ids.join(","));
    assert.equal(ids.filter((x) => x === 437).length, 7, ids.join(","));
    for (const base of [a, b]) {
      const right = await call(base, "/api/auth/login", {
        body: { email: "staff@demo.pe", password: "Demo-2026" },
      });
      assert.equal(right.body.errorId, 437, "locked on both");
    }

    // B keeps the tenant's bell and dashboard; a closing registered on A shows on B at the next request.
    const tenantLogin = await call(a, "/api/auth/login", {
      body: { email: "tenant@demo.pe", password: "Demo-2026" },
    });
    assert.equal(tenantLogin.status, 200);
    const tenant = { cookie: tenantLogin.cookie!, csrf: tenantLogin.body.data.csrfToken as string };
    const code = tenantLogin.body.data.tenant.nroContrato as string;
    const pendingOnB = async () =>
      ((await call(b, "/api/notifications", tenant)).body.data as {
        id: string;
        notificaciones: { value1: string }[];
      }[])
        .find((g) => g.id === "cierres-pendientes-locatario")?.notificaciones.map((n) => n.value1) ?? [];
    const cardsOnB = async () => (await call(b, "/api/tenant/dashboard/indicators", tenant)).body.data.date;
    const pending = (await call(a, "/api/tenant/closings/pending", tenant)).body.data;
    assert.ok(pending.fechaPorRegistrar, JSON.stringify(pending));
    for (let i = 0; i < 2; i++) {
      assert.ok((await pendingOnB()).includes(code));
      assert.notEqual(await cardsOnB(), pending.fechaPorRegistrar);
    }
    const saved = await call(a, "/api/tenant/closings", {
      ...tenant,
      body: {
        fechaRegistro: pending.fechaPorRegistrar,
        suministros: pending.suministros.map((p: { idSuministroPorLocatario: number }) => ({
          idSuministroPorLocatario: p.idSuministroPorLocatario,
          venta: 100,
          transacciones: 1,
        })),
      },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.ok(!(await pendingOnB()).includes(code));
    assert.equal(await cardsOnB(), pending.fechaPorRegistrar);

    // Logging out on B ends the session on A at once.
    assert.equal((await call(b, "/api/auth/logout", { ...session, body: {} })).status, 200);
    const after = await call(a, "/api/auth/me", session);
    assert.equal(after.status, 401);
    assert.equal(after.body.errorId, 401);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await db.drop();
  }
});

Deno.test({
  name: "two processes flushing one outbox send each mail once",
  ignore: !pg,
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const fresh = await freshPostgresDatabase();
  // Two connection pools on one database, as two processes would have.
  const [one, two] = [openPostgres(fresh.url), openPostgres(fresh.url)];
  try {
    const config = loadConfig(() => undefined);
    await one.query("update mail_outbox set sent_at = now()");
    for (let i = 0; i < 6; i++) {
      await enqueueMail(one, { to: `p${i}@demo.pe`, subject: "Prueba", text: "x" }, new Date());
    }
    const delivered: string[] = [];
    const deliver = async (m: { to: string }) => {
      await new Promise((r) => setTimeout(r, 30));
      delivered.push(m.to);
    };
    const sent = await Promise.all(
      [one, two].map((db) => flushOutbox({ db, clock: systemClock, config }, deliver, () => {})),
    );
    assert.equal(sent[0] + sent[1], 6);
    assert.deepEqual([...delivered].sort(), Array.from({ length: 6 }, (_, i) => `p${i}@demo.pe`));
  } finally {
    await one.close();
    await two.close();
    await fresh.drop();
  }
});
