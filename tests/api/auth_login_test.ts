import assert from "node:assert/strict";
import { forEachDb } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";

const kinds = await dbKinds();

forEachDb("POST /api/auth/login signs in and answers the session without secrets", kinds, async (t) => {
  const c = t.client();
  const r = await c.login("admin@demo.pe");
  assert.equal(r.status, 200);
  assert.equal(r.body.success, true);
  assert.equal(r.body.data.email, "admin@demo.pe");
  assert.equal(r.body.data.role.id, 4);
  assert.equal(r.body.data.landing, "/Admin/UsersManagement");
  assert.ok(r.body.data.role.permissions.some((p: { id: string }) => p.id === "GESTION_USUARIOS"));
  assert.equal(r.body.data.roleList.length >= 10, true);
  const cookie = r.headers.get("set-cookie") ?? "";
  assert.match(cookie, /sid=[A-Za-z0-9_-]{40,}/);
  assert.match(cookie, /HttpOnly/);
  assert.match(cookie, /SameSite=Lax/);
  assert.doesNotMatch(r.text, /argon2|password_hash|Demo-2026/);
  const sid = /sid=([^;]*)/.exec(cookie)![1];
  assert.ok(!r.text.includes(sid), "the session token is only in the cookie");
  const me = await c.get("/api/auth/me");
  assert.equal(me.status, 200);
  assert.equal(me.body.data.name, r.body.data.name);
});

forEachDb("POST /api/auth/login lands staff and tenants on their screens", kinds, async (t) => {
  const staff = await t.client().login("staff@demo.pe");
  assert.equal(staff.body.data.landing, "/dashboard");
  assert.deepEqual(staff.body.data.roleList, []);
  assert.equal(staff.body.data.tenant, null);
  const tenant = await t.client().login("tenant@demo.pe");
  assert.equal(tenant.body.data.landing, "/locatario/dashboard");
  assert.equal(tenant.body.data.tenant.mallId, 3);
  assert.match(tenant.body.data.tenant.ruc, /^\d{11}$/);
  assert.ok(tenant.body.data.tenant.contractCount >= 2);
  const reviewer = await t.client().login("cobranza@demo.pe");
  assert.equal(reviewer.body.data.landing, "/garantias/listado_garantias_revision");
  const treasury = await t.client().login("tesoreria@demo.pe");
  assert.equal(treasury.body.data.landing, "/garantias/listado_garantias_rev_2");
  const guaranteesOnly = await t.client().login("garantias@demo.pe");
  assert.equal(guaranteesOnly.body.data.landing, "/estadoCuenta/EstadoCuenta");
});

forEachDb("POST /api/auth/login refuses wrong and unknown credentials alike", kinds, async (t) => {
  const wrong = await t.client().login("admin@demo.pe", "Otra-clave-1");
  const unknown = await t.client().login("nadie@demo.pe", "Otra-clave-1");
  for (const r of [wrong, unknown]) {
    assert.equal(r.status, 400);
    assert.equal(r.body.success, false);
    assert.equal(r.body.errorId, 438);
    assert.equal(r.body.message, "Cuenta o contraseña inválida.");
    assert.equal(r.headers.get("set-cookie"), null);
  }
  assert.deepEqual(wrong.body, unknown.body);
});

forEachDb("POST /api/auth/login does not tell a blocked account's right password", kinds, async (t) => {
  await t.db.query("update users set state = 'I' where email = 'staff@demo.pe'");
  const right = await t.client("10.7.0.1").login("staff@demo.pe");
  const wrong = await t.client("10.7.0.2").login("staff@demo.pe", "mala-clave");
  const unknown = await t.client("10.7.0.3").login("nadie@demo.pe", "mala-clave");
  for (const r of [right, wrong, unknown]) {
    assert.equal(r.status, 400);
    assert.equal(r.body.errorId, 438);
    assert.equal(r.body.message, "Cuenta o contraseña inválida.");
    assert.equal(r.headers.get("set-cookie"), null);
  }
  assert.deepEqual(right.body, wrong.body);
  assert.deepEqual(right.body, unknown.body);
  // Tries on a blocked account count toward its throttle like any failure: 2 so far, 3 more lock it.
  for (let i = 0; i < 3; i++) await t.client(`10.7.1.${i}`).login("staff@demo.pe");
  assert.equal((await t.client("10.7.2.1").login("staff@demo.pe")).body.errorId, 437);
});

forEachDb("POST /api/auth/login validates its input in Spanish", kinds, async (t) => {
  const c = t.client();
  const empty = await c.post("/api/auth/login", {});
  assert.equal(empty.status, 422);
  assert.equal(empty.body.errorId, 422);
  assert.deepEqual(empty.body.data, {
    email: "Ingresar correo electrónico",
    password: "Ingresar Contraseña",
  });
  const blanks = await c.post("/api/auth/login", { email: "  ", password: "" });
  assert.deepEqual(blanks.body.data, {
    email: "Ingresar correo electrónico",
    password: "Ingresar Contraseña",
  });
  const types = await c.post("/api/auth/login", { email: 42, password: ["x"] });
  assert.equal(types.body.errorId, 422);
  const long = await c.post("/api/auth/login", { email: "a".repeat(300) + "@x.pe", password: "x" });
  assert.equal(long.body.errorId, 422);
  assert.equal(long.body.data.email, "Máximo 254 caracteres.");
  const malformed = await c.call("POST", "/api/auth/login", "{email:", {
    "content-type": "application/json",
  });
  assert.equal(malformed.status, 422);
  assert.equal(malformed.body.success, false);
  assert.equal(malformed.body.data.body, "El cuerpo de la solicitud no es JSON válido.");
  const sqlish = await c.login("' or 1=1 --", "' or ''='");
  assert.equal(sqlish.body.errorId, 438);
});

forEachDb("POST /api/auth/login throttles an account after 5 failures for 15 minutes", kinds, async (t) => {
  for (let i = 0; i < 5; i++) {
    assert.equal((await t.client(`10.1.0.${i}`).login("staff@demo.pe", "mala")).body.errorId, 438);
  }
  const locked = await t.client("10.9.9.9").login("staff@demo.pe");
  assert.equal(locked.status, 429);
  assert.equal(locked.body.errorId, 437);
  // Other accounts are not affected.
  assert.equal((await t.client("10.9.9.9").login("admin@demo.pe")).status, 200);
  t.clock.advance(15 * 60_000 + 1000);
  assert.equal((await t.client("10.9.9.9").login("staff@demo.pe")).status, 200);
});

forEachDb("POST /api/auth/login throttles an address after 30 failures", kinds, async (t) => {
  for (let i = 0; i < 30; i++) {
    await t.client("10.2.2.2").login(`nadie${i}@demo.pe`, "mala");
  }
  const r = await t.client("10.2.2.2").login("admin@demo.pe");
  assert.equal(r.body.errorId, 437);
  assert.equal((await t.client("10.3.3.3").login("admin@demo.pe")).status, 200);
});

forEachDb("POST /api/auth/login lets no parallel burst past the account limit", kinds, async (t) => {
  // Twenty wrong passwords at once, each from its own address: only the first five are evaluated.
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => t.client(`10.4.0.${i}`).login("staff@demo.pe", "mala-clave")),
  );
  const ids = answers.map((r) => r.body.errorId);
  assert.equal(ids.filter((x) => x === 438).length, 5, `evaluated: ${ids.join(",")}`);
  assert.equal(ids.filter((x) => x === 437).length, 15);
  assert.equal((await t.client("10.4.1.1").login("staff@demo.pe")).body.errorId, 437);
}, { isolation: "database" });

forEachDb("POST /api/auth/login lets no parallel burst past the address limit", kinds, async (t) => {
  const answers = await Promise.all(
    Array.from({ length: 60 }, (_, i) => t.client("10.5.5.5").login(`nadie${i}@demo.pe`, "mala-clave")),
  );
  const ids = answers.map((r) => r.body.errorId);
  assert.equal(ids.filter((x) => x === 438).length, 30, `evaluated: ${ids.join(",")}`);
  assert.equal(ids.filter((x) => x === 437).length, 30);
  // A success gives its count back: signing in from a busy address does not use up its allowance.
  for (let i = 0; i < 3; i++) assert.equal((await t.client("10.6.6.6").login("admin@demo.pe")).status, 200);
  const [row] = await t.db.query<{ failures: number }>(
    "select failures from login_throttle where key = 'ip:10.6.6.6'",
  );
  assert.equal(row.failures, 0);
}, { isolation: "database" });

forEachDb("POST /api/auth/logout revokes the session", kinds, async (t) => {
  const c = await t.signedIn("staff@demo.pe");
  const cookie = c.cookie;
  const out = await c.post("/api/auth/logout");
  assert.equal(out.status, 200);
  c.cookie = cookie; // a stolen copy of the cookie is useless after logout
  const me = await c.get("/api/auth/me");
  assert.equal(me.status, 401);
  assert.equal(me.body.errorId, 401);
});

forEachDb(
  "GET /api/auth/me answers 401 without a session and after idle or absolute expiry",
  kinds,
  async (t) => {
    assert.equal((await t.client().get("/api/auth/me")).body.errorId, 401);
    const c = await t.signedIn("staff@demo.pe");
    t.clock.advance(29 * 60_000);
    assert.equal((await c.get("/api/auth/me")).status, 200);
    t.clock.advance(31 * 60_000);
    assert.equal((await c.get("/api/auth/me")).status, 401, "idle for 31 minutes");
    const d = await t.signedIn("staff@demo.pe");
    for (let h = 0; h < 12; h++) {
      t.clock.advance(20 * 60_000);
      await d.get("/api/auth/me");
      t.clock.advance(20 * 60_000);
      await d.get("/api/auth/me");
      t.clock.advance(20 * 60_000);
    }
    assert.equal((await d.get("/api/auth/me")).status, 401, "past the 12-hour absolute limit");
  },
);

forEachDb("writes with a session need the CSRF token and the same origin", kinds, async (t) => {
  const c = await t.signedIn("admin@demo.pe");
  const body = { name: "rolPrueba", permissions: [] };
  const noToken = await c.call("POST", "/api/admin/roles", body, { "x-csrf-token": "" });
  assert.equal(noToken.status, 403);
  assert.equal(noToken.body.errorId, 440);
  const crossSite = await c.call("POST", "/api/admin/roles", body, {
    origin: "https://evil.example",
    host: "portal.test",
  });
  assert.equal(crossSite.body.errorId, 440);
  const [{ n }] = await t.db.query<{ n: number }>(
    "select count(*)::int as n from roles where name = 'rolPrueba'",
  );
  assert.equal(n, 0);
  assert.equal((await c.post("/api/admin/roles", body)).status, 200);
});

forEachDb("answers carry the security headers", kinds, async (t) => {
  const r = await t.client().get("/api/health");
  assert.equal(r.body.data.db, t.db.kind);
  const csp = r.headers.get("content-security-policy") ?? "";
  assert.match(csp, /'wasm-unsafe-eval'/);
  assert.match(csp, /worker-src 'self' blob:/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.equal(r.headers.get("x-content-type-options"), "nosniff");
  assert.equal(r.headers.get("referrer-policy"), "no-referrer");
  const big = await t.client().call(
    "POST",
    "/api/auth/login",
    JSON.stringify({ email: "x".repeat(2_000_000) }),
  );
  assert.equal(big.status, 413);
  assert.equal(big.body.success, false);
  assert.equal((await t.client().get("/api/nada")).body.errorId, 404);
});
