import assert from "node:assert/strict";
import { forEachDb, lastMail } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";

const kinds = await dbKinds();

forEachDb("GET /api/admin/users needs GESTION_USUARIOS", kinds, async (t) => {
  assert.equal((await t.client().get("/api/admin/users")).status, 401);
  const staff = await t.signedIn("staff@demo.pe");
  const refused = await staff.get("/api/admin/users");
  assert.equal(refused.status, 403);
  assert.equal(refused.body.errorId, 600);
  const admin = await t.signedIn("admin@demo.pe");
  const list = await admin.get("/api/admin/users");
  assert.equal(list.body.success, true);
  const row = list.body.data.table.find((u: { email: string }) => u.email === "staff@demo.pe");
  assert.deepEqual(Object.keys(row).sort(), [
    "activated",
    "dni",
    "email",
    "id",
    "name",
    "roleId",
    "roleName",
    "userState",
    "version",
  ]);
  assert.equal(row.userState, true);
  assert.equal(row.activated, true, "staff@ has a password");
  assert.doesNotMatch(list.text, /argon2|password/i);
});

forEachDb(
  "POST /api/admin/users creates an account that activates through the mailed link",
  kinds,
  async (t) => {
    const admin = await t.signedIn("admin@demo.pe");
    const r = await admin.post("/api/admin/users", {
      email: "nuevo@demo.pe",
      name: "Nuevo Usuario",
      dni: "45678912",
      roleId: 5,
    });
    assert.equal(r.body.data.messageId, 100);
    assert.equal(r.body.message, "Creación Exitosa.");
    const mail = await lastMail(t.db, "nuevo@demo.pe");
    const token = /activateAccount\?a=([A-Za-z0-9]+)/.exec(mail.body_text)![1];
    assert.equal(token.length, 15);
    assert.equal(
      (await t.client().login("nuevo@demo.pe", "NuevaClave2026")).body.errorId,
      438,
      "no password yet",
    );
    const status = await t.client().post("/api/auth/token-status", { token, kind: "activation" });
    assert.equal(status.body.data.email, "nuevo@demo.pe");
    const act = await t.client().post("/api/auth/activate", { token, password: "NuevaClave2026" });
    assert.equal(act.body.data.messageId, 101);
    assert.equal((await t.client().login("nuevo@demo.pe", "NuevaClave2026")).body.data.role.id, 5);
    const reused = await t.client().post("/api/auth/activate", { token, password: "OtraClave2026" });
    assert.equal(reused.body.errorId, 434);
    assert.equal(reused.body.message, "Ha ocurrido un error. No es posible activar su cuenta.");
    const [audit] = await t.db.query<{ after: unknown }>(
      "select after from audit_log where entity = 'user' and action = 'admin.user_create' order by id desc limit 1",
    );
    assert.ok(audit, "the creation is in the audit log");
  },
);

forEachDb("POST /api/admin/users validates every field and refuses duplicates", kinds, async (t) => {
  const admin = await t.signedIn("admin@demo.pe");
  const count = async () => (await t.db.query<{ n: number }>("select count(*)::int as n from users"))[0].n;
  const before = await count();
  const empty = await admin.post("/api/admin/users", {});
  assert.deepEqual(empty.body.data, {
    email: "Ingresar el correo",
    name: "Ingresar el nombre",
    roleId: "Selecciona un rol",
  });
  const badEmail = await admin.post("/api/admin/users", { email: "no-es-correo", name: "X", roleId: 5 });
  assert.equal(badEmail.body.data.email, "Ingresar un correo electrónico válido.");
  const badRole = await admin.post("/api/admin/users", { email: "x@demo.pe", name: "X", roleId: 99999 });
  assert.equal(badRole.body.data.roleId, "Selecciona un rol");
  const dup = await admin.post("/api/admin/users", { email: "Staff@Demo.pe", name: "X", roleId: 5 });
  assert.equal(dup.status, 409);
  assert.equal(dup.body.errorId, 442);
  const long = await admin.post("/api/admin/users", { email: "x@demo.pe", name: "n".repeat(151), roleId: 5 });
  assert.equal(long.body.data.name, "Máximo 150 caracteres.");
  assert.equal(await count(), before, "nothing was created");
  const sql = await admin.post("/api/admin/users", {
    email: "o'brien@demo.pe",
    name: "Robert'); drop table users; --",
    roleId: 5,
  });
  assert.equal(sql.body.success, true);
  const [row] = await t.db.query<{ name: string }>("select name from users where email = 'o''brien@demo.pe'");
  assert.equal(row.name, "Robert'); drop table users; --");
});

forEachDb("PUT /api/admin/users/:id edits a user and blocking ends its sessions", kinds, async (t) => {
  const admin = await t.signedIn("admin@demo.pe");
  const staff = await t.signedIn("staff@demo.pe");
  const list = (await admin.get("/api/admin/users")).body.data.table;
  const row = list.find((u: { email: string }) => u.email === "staff@demo.pe");
  const r = await admin.put(`/api/admin/users/${row.id}`, {
    email: row.email,
    name: "Nombre Cambiado",
    dni: null,
    roleId: row.roleId,
    userState: "I",
    version: row.version,
  });
  assert.equal(r.body.data.messageId, 101);
  assert.equal((await staff.get("/api/auth/me")).status, 401);
  // A blocked account signs in like a wrong password (docs/decisions.md, 'Sign-in and tokens').
  assert.equal((await t.client().login("staff@demo.pe")).body.errorId, 438);
  const [audit] = await t.db.query<{ before: { name: string } | string; after: { name: string } | string }>(
    "select before, after from audit_log where entity = 'user' and action = 'admin.user_update' order by id desc limit 1",
  );
  const parse = (x: unknown) => typeof x === "string" ? JSON.parse(x) : x;
  assert.equal(parse(audit.before).userState, "A");
  assert.equal(parse(audit.after).name, "Nombre Cambiado");
  const missing = await admin.put("/api/admin/users/987654", {
    email: "a@b.pe",
    name: "X",
    roleId: 5,
    userState: "A",
    version: 0,
  });
  assert.equal(missing.body.errorId, 404);
  const badId = await admin.put("/api/admin/users/abc", {
    email: "a@b.pe",
    name: "X",
    roleId: 5,
    userState: "A",
  });
  assert.equal(badId.body.errorId, 422);
  const badState = await admin.put(`/api/admin/users/${row.id}`, {
    email: "a@b.pe",
    name: "X",
    roleId: 5,
    userState: "Z",
  });
  assert.equal(badState.body.data.userState, "Seleccione el estado.");
  const me = list.find((u: { email: string }) => u.email === "admin@demo.pe");
  const { email, name, dni, roleId, version } = me;
  const self = await admin.put(`/api/admin/users/${me.id}`, {
    email,
    name,
    dni,
    roleId,
    userState: "I",
    version,
  });
  assert.equal(self.body.errorId, 441);
});
