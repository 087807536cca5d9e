// Issue 18, Throughput: the signed-in reads kept in memory under the change stamp (services/change_stamp.ts)
// answer exactly as if computed again: a registered closing, a removed person slot and a removed permission
// show on the very next request.
import assert from "node:assert/strict";
import { P } from "#contract/permissions.ts";
import { forEachDb } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { closingBody, contractOf, YESTERDAY } from "../helpers/tenant.ts";

const kinds = await dbKinds();

interface Group {
  id: string;
  descripcion: string;
  notificaciones: { value1: string; value2: string }[];
}

const group = (body: { data: Group[] }, id: string) => body.data.find((g) => g.id === id);
const missingCount = (g: Group | undefined) => Number(/^(\d+) contrato/.exec(g?.descripcion ?? "")?.[1] ?? 0);

forEachDb(
  "kept reads: a registered closing shows at once in both bells and the dashboard",
  kinds,
  async (t) => {
    const a = await contractOf(t.db, "tenant@demo.pe");
    const tenant = await t.signedIn("tenant@demo.pe");
    const admin = await t.signedIn("admin@demo.pe");

    // Read twice each, so the second answer is the kept one.
    for (let i = 0; i < 2; i++) {
      const mine = group((await tenant.get("/api/notifications")).body, "cierres-pendientes-locatario");
      assert.ok(
        mine?.notificaciones.some((n) => n.value1 === a.code),
        "the seed leaves yesterday to register",
      );
    }
    const staffBefore = missingCount(
      group((await admin.get("/api/notifications")).body, "contratos-cierres-faltantes"),
    );
    assert.ok(staffBefore > 0);
    assert.equal(
      missingCount(group((await admin.get("/api/notifications")).body, "contratos-cierres-faltantes")),
      staffBefore,
    );
    const cardsBefore = (await tenant.get("/api/tenant/dashboard/indicators")).body.data;
    assert.ok(cardsBefore.date < YESTERDAY, cardsBefore.date);

    const saved = await tenant.post("/api/tenant/closings", closingBody(a.points, YESTERDAY, 2500, 25));
    assert.equal(saved.status, 200, saved.text);

    const mine = group((await tenant.get("/api/notifications")).body, "cierres-pendientes-locatario");
    assert.ok(!mine?.notificaciones.some((n) => n.value1 === a.code), "A no longer pending");
    const staffAfter = missingCount(
      group((await admin.get("/api/notifications")).body, "contratos-cierres-faltantes"),
    );
    assert.equal(staffAfter, staffBefore - 1);
    const cards = (await tenant.get("/api/tenant/dashboard/indicators")).body.data;
    assert.equal(cards.date, YESTERDAY);
    assert.equal(cards.ventas.ventaDia.value, 2500 * a.points.length);
    const list =
      (await tenant.get(`/api/tenant/closings?fechaInicial=${YESTERDAY}&fechaFinal=${YESTERDAY}`)).body;
    assert.equal(list.data.table.length, a.points.length);
  },
);

forEachDb("kept reads: a removed slot or permission refuses on the next request", kinds, async (t) => {
  const a = await contractOf(t.db, "tenant@demo.pe");
  const tenant = await t.signedIn("tenant@demo.pe");
  const range = `fechaInicial=${YESTERDAY}&fechaFinal=${YESTERDAY}`;
  for (let i = 0; i < 2; i++) {
    assert.equal((await tenant.get(`/api/tenant/closings?${range}`)).status, 200);
    assert.equal((await tenant.get("/api/tenant/dashboard/indicators")).status, 200);
  }
  await t.db.query(
    "delete from contract_users where contract_id = $1 and user_id = (select id from users where email = $2)",
    [a.id, "tenant@demo.pe"],
  );
  const refused = await tenant.get(`/api/tenant/closings?${range}`);
  assert.equal(refused.body.errorId, 439);
  assert.equal(refused.body.message, "Su usuario no tiene un contrato de locatario seleccionado.");
  assert.equal((await tenant.get("/api/tenant/dashboard/indicators")).body.errorId, 439);

  const staff = await t.signedIn("staff@demo.pe");
  const ids = async () =>
    ((await staff.get("/api/auth/me")).body.data.role.permissions as { id: string }[]).map((p) => p.id);
  assert.ok((await ids()).includes(P.LOCATARIOS));
  assert.ok(group((await staff.get("/api/notifications")).body, "contratos-cierres-faltantes"));
  await t.db.query(
    "delete from role_permissions where role_id = (select role_id from users where email = $1) and permission_id = $2",
    ["staff@demo.pe", P.LOCATARIOS],
  );
  assert.ok(!(await ids()).includes(P.LOCATARIOS));
  assert.equal(group((await staff.get("/api/notifications")).body, "contratos-cierres-faltantes"), undefined);

  // A user moved to another role gets that role's bell at once (users are not in the change stamp).
  const admin = await t.signedIn("admin@demo.pe");
  assert.ok(group((await admin.get("/api/notifications")).body, "contratos-cierres-faltantes"));
  await t.db.query(
    "update users set role_id = (select role_id from users where email = $2) where email = $1",
    ["admin@demo.pe", "staff@demo.pe"],
  );
  assert.equal(group((await admin.get("/api/notifications")).body, "contratos-cierres-faltantes"), undefined);
});
