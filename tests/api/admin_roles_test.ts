import assert from "node:assert/strict";
import { forEachDb } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { backgroundSettled } from "../../services/background.ts";

const kinds = await dbKinds();

forEachDb("GET /api/admin/roles lists the spec's roles with their permissions", kinds, async (t) => {
  const admin = await t.signedIn("admin@demo.pe");
  const roles = (await admin.get("/api/admin/roles")).body.data.table;
  const ids = roles.map((r: { id: number }) => r.id);
  for (const id of [2, 3, 4, 5, 7, 8, 13, 19, 20, 22]) assert.ok(ids.includes(id), `role ${id}`);
  const perms = (await admin.get("/api/admin/permissions")).body.data.table;
  for (
    const p of [
      "GESTION_USUARIOS",
      "REPORTE_PROYECCIÓN",
      "MAPA_CALOR_ALL_IN",
      "GARANTIAS_REVISION_2",
      "SUPERADMIN_CONFIG",
    ]
  ) {
    assert.ok(perms.some((x: { id: string }) => x.id === p), p);
  }
  const staff = await t.signedIn("staff@demo.pe");
  assert.equal((await staff.get("/api/admin/roles")).body.errorId, 600);
  assert.equal((await staff.post("/api/admin/roles", { name: "x", permissions: [] })).body.errorId, 600);
});

forEachDb("roles are created, edited and removed, never while users hold them", kinds, async (t) => {
  const admin = await t.signedIn("admin@demo.pe");
  const created = await admin.post("/api/admin/roles", {
    name: "auditoria",
    permissions: ["DASHBOARD_MALL", "VENTAS_MENSUAL"],
  });
  assert.equal(created.body.data.messageId, 100);
  const id = created.body.data.id;
  const dup = await admin.post("/api/admin/roles", { name: "Auditoria", permissions: [] });
  assert.equal(dup.body.errorId, 442);
  const read = (await admin.get("/api/admin/roles")).body.data.table.find((r: { id: number }) => r.id === id);
  const edited = await admin.put(`/api/admin/roles/${id}`, {
    name: "auditoriaInterna",
    permissions: ["DASHBOARD_MALL"],
    version: read.version,
  });
  assert.equal(edited.body.data.messageId, 101);
  const role = (await admin.get("/api/admin/roles")).body.data.table.find((r: { id: number }) => r.id === id);
  assert.equal(role.name, "auditoriaInterna");
  assert.deepEqual(role.permissionList.map((p: { id: string }) => p.id), ["DASHBOARD_MALL"]);

  await admin.post("/api/admin/users", { email: "aud@demo.pe", name: "Aud", roleId: id });
  const held = await admin.del(`/api/admin/roles/${id}`);
  assert.equal(held.status, 409);
  assert.equal(held.body.errorId, 449);
  assert.match(held.body.message, /No se puede eliminar el rol/);
  assert.equal((await t.db.query("select 1 from roles where id = $1", [id])).length, 1);
  await t.db.query("delete from users where email = 'aud@demo.pe'");
  const removed = await admin.del(`/api/admin/roles/${id}`);
  assert.equal(removed.body.data.messageId, 301);
  assert.equal(removed.body.message, "Se eliminó exitosamente.");
  assert.equal((await admin.del(`/api/admin/roles/${id}`)).body.errorId, 404);
  const actions = await t.db.query<{ action: string }>(
    "select action from audit_log where entity = 'role' and entity_id = $1 order by id",
    [String(id)],
  );
  assert.deepEqual(actions.map((a) => a.action), [
    "admin.role_create",
    "admin.role_update",
    "admin.role_delete",
  ]);
});

forEachDb("role input is validated and bad input changes nothing", kinds, async (t) => {
  const admin = await t.signedIn("admin@demo.pe");
  const before = await t.db.query("select id, name from roles order by id");
  assert.deepEqual((await admin.post("/api/admin/roles", { name: " ", permissions: [] })).body.data, {
    name: "Ingresar el rol",
  });
  const unknown = await admin.post("/api/admin/roles", { name: "x", permissions: ["NO_EXISTE"] });
  assert.equal(unknown.body.data.permissions, "Hay permisos que no existen.");
  const wrongType = await admin.post("/api/admin/roles", { name: "x", permissions: "DASHBOARD_MALL" });
  assert.equal(wrongType.body.errorId, 422);
  assert.equal((await admin.put("/api/admin/roles/0", { name: "x", permissions: [] })).body.errorId, 422);
  assert.equal(
    (await admin.put("/api/admin/roles/99999999999", { name: "x", permissions: [] })).body.errorId,
    422,
  );
  assert.deepEqual(await t.db.query("select id, name from roles order by id"), before);
});

forEachDb("GET /api/admin/mailbox shows the local outbox to user administrators", kinds, async (t) => {
  await t.client().post("/api/auth/forgot-password", { email: "staff@demo.pe" });
  // The reset mail is queued just after the answer (services/background.ts).
  await backgroundSettled();
  const admin = await t.signedIn("admin@demo.pe");
  const box = await admin.get("/api/admin/mailbox");
  assert.equal(box.body.data.table[0].to, "staff@demo.pe");
  assert.equal(box.body.data.table[0].subject, "Cambio de contraseña");
  const staff = await t.signedIn("staff@demo.pe");
  assert.equal((await staff.get("/api/admin/mailbox")).body.errorId, 600);
});
