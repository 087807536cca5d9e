// Stale edits (issue 38, item 3): a form sends the version it read; a save over a newer version is refused
// with 448 naming who changed the record and when, changes nothing, and a save with the newer version (the
// person chose to replace it) goes through. Two saves racing with one version: exactly one wins.
import assert from "node:assert/strict";
import { addDays } from "../../services/days.ts";
import { forEachDb } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { tenantAGuarantees } from "../helpers/guarantees.ts";
import { STALE, staleText } from "../helpers/stale.ts";
import { TODAY, YESTERDAY } from "../helpers/tenant.ts";

const kinds = await dbKinds();
const limaStamp = (iso: string) => {
  const d = new Date(Date.parse(iso) - 5 * 3600_000).toISOString();
  return `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)} a las ${d.slice(11, 16)}`;
};

forEachDb("closings: tab B (opened before tab A saved) is refused, naming who and when", kinds, async (t) => {
  const tenant = await t.signedIn("tenant@demo.pe");
  const list = async () =>
    (await tenant.get(`/api/tenant/closings?fechaInicial=${addDays(YESTERDAY, -10)}&fechaFinal=${TODAY}`))
      .body.data.table;
  const [row] = await list();
  const amount = async () =>
    Number(
      (await t.db.query<{ amount: string }>("select amount from sales_closings where id = $1", [
        row.cierreVentaId,
      ]))[0].amount,
    );
  const path = `/api/tenant/closings/${row.cierreVentaId}`;

  // Both tabs read the same version; A saves 40,000, then B (still on the old version) tries 41,000.
  const a = await tenant.put(path, { ventasValor: 40000, numeroTransacciones: 4, version: row.version });
  assert.equal(a.status, 200, a.text);
  const b = await tenant.put(path, { ventasValor: 41000, numeroTransacciones: 5, version: row.version });
  assert.equal(b.status, 409, b.text);
  assert.equal(b.body.errorId, STALE);
  assert.match(b.body.message, staleText("Lucía Fernández Huamán"));
  const [audit] = await t.db.query<{ id: string; at: Date }>(
    "select id, at from audit_log where entity = 'sales_closing' and entity_id = $1 order by id desc limit 1",
    [String(row.cierreVentaId)],
  );
  assert.ok(b.body.message.includes(limaStamp(new Date(audit.at).toISOString())), b.body.message);
  assert.equal(b.body.data.version, Number(audit.id));
  assert.equal(b.body.data.usuario, "Lucía Fernández Huamán");
  assert.equal(await amount(), 40000, "the refused save changed nothing");
  assert.equal(
    (await list()).find((r: { cierreVentaId: number }) => r.cierreVentaId === row.cierreVentaId).version,
    Number(audit.id),
  );

  // B saves again over the version the refusal named: the person chose to replace A's change.
  const b2 = await tenant.put(path, {
    ventasValor: 41000,
    numeroTransacciones: 5,
    version: b.body.data.version,
  });
  assert.equal(b2.status, 200, b2.text);
  assert.equal(await amount(), 41000);

  // Staff correcting the same closing from Locatarios with the tenant's old version is refused, naming her.
  const staff = await t.signedIn("staff@demo.pe");
  const s = await staff.put(`/api/staff-tenants/closings/${row.cierreVentaId}`, {
    ventasValor: 1,
    numeroTransacciones: 1,
    version: b.body.data.version,
  });
  assert.equal(s.body.errorId, STALE, s.text);
  assert.match(s.body.message, staleText("Lucía Fernández Huamán"));
  assert.equal(await amount(), 41000);
});

forEachDb("closings: two saves at once over one version, exactly one is kept", kinds, async (t) => {
  const tenant = await t.signedIn("tenant@demo.pe");
  const operador = await t.signedIn("operador@demo.pe");
  const [row] = (await tenant.get(
    `/api/tenant/closings?fechaInicial=${addDays(YESTERDAY, -10)}&fechaFinal=${TODAY}`,
  )).body.data.table;
  const path = `/api/tenant/closings/${row.cierreVentaId}`;
  const answers = await Promise.all([
    tenant.put(path, { ventasValor: 111, numeroTransacciones: 1, version: row.version }),
    operador.put(path, { ventasValor: 222, numeroTransacciones: 2, version: row.version }),
  ]);
  assert.deepEqual(answers.map((r) => r.status).sort(), [200, 409]);
  const loser = answers.find((r) => r.status === 409)!;
  assert.equal(loser.body.errorId, STALE);
  const [history] = await t.db.query<{ n: number }>(
    "select count(*)::int as n from sales_closing_history where closing_id = $1",
    [row.cierreVentaId],
  );
  assert.equal(history.n, 1);
}, { isolation: "database" });

forEachDb(
  "users and roles: an edit over a newer version is refused, naming who changed it",
  kinds,
  async (t) => {
    const admin = await t.signedIn("admin@demo.pe");
    const ops = await t.signedIn("operaciones@demo.pe");
    const users = (await admin.get("/api/admin/users")).body.data.table;
    const row = users.find((u: { email: string }) => u.email === "staff@demo.pe");
    const body = { email: row.email, name: row.name, dni: row.dni, roleId: row.roleId, userState: "A" };
    // Two administrators opened the same user; operaciones@ saves first.
    const first = await ops.put(`/api/admin/users/${row.id}`, {
      ...body,
      name: "Primero",
      version: row.version,
    });
    assert.equal(first.status, 200, first.text);
    const second = await admin.put(`/api/admin/users/${row.id}`, {
      ...body,
      name: "Segundo",
      version: row.version,
    });
    assert.equal(second.body.errorId, STALE, second.text);
    const [opsName] = await t.db.query<{ name: string }>(
      "select name from users where email = 'operaciones@demo.pe'",
    );
    assert.match(second.body.message, staleText(opsName.name));
    const [kept] = await t.db.query<{ name: string }>("select name from users where id = $1", [row.id]);
    assert.equal(kept.name, "Primero");
    // The user's own password change is not an edit of what the form shows: it does not make it stale.
    const fresh = (await admin.get("/api/admin/users")).body.data.table.find((u: { id: number }) =>
      u.id === row.id
    );
    await t.db.query(
      "insert into audit_log (user_id, action, entity, entity_id) values ($1, 'auth.password_change', 'user', $2)",
      [row.id, String(row.id)],
    );
    const third = await admin.put(`/api/admin/users/${row.id}`, {
      ...body,
      name: "Tercero",
      version: fresh.version,
    });
    assert.equal(third.status, 200, third.text);

    const created = await admin.post("/api/admin/roles", { name: "rolDoble", permissions: [] });
    const roleId = created.body.data.id;
    const role = (await admin.get("/api/admin/roles")).body.data.table.find((r: { id: number }) =>
      r.id === roleId
    );
    const r1 = await ops.put(`/api/admin/roles/${roleId}`, {
      name: "rolUno",
      permissions: [],
      version: role.version,
    });
    assert.equal(r1.status, 200, r1.text);
    const r2 = await admin.put(`/api/admin/roles/${roleId}`, {
      name: "rolDos",
      permissions: ["DASHBOARD_MALL"],
      version: role.version,
    });
    assert.equal(r2.body.errorId, STALE, r2.text);
    assert.match(r2.body.message, staleText(opsName.name));
    const [rn] = await t.db.query<{ name: string }>("select name from roles where id = $1", [roleId]);
    assert.equal(rn.name, "rolUno");
  },
);

forEachDb("inflation: a year saved in another tab refuses the older form's save", kinds, async (t) => {
  const fin = await t.signedIn("finanzas@demo.pe");
  const read = (await fin.get("/api/inflation?anio=2022")).body.data;
  const { anio: _anio, version, ...months } = read;
  const texts = Object.fromEntries(Object.entries(months).map(([m, v]) => [m, String(v)]));
  const a = await fin.post("/api/inflation", { anio: 2022, ...texts, enero: "0,5", version });
  assert.equal(a.status, 200, a.text);
  const b = await fin.post("/api/inflation", { anio: 2022, ...texts, enero: "0,7", version });
  assert.equal(b.body.errorId, STALE, b.text);
  assert.match(b.body.message, staleText("Claudia Cornejo Llosa"));
  assert.equal((await fin.get("/api/inflation?anio=2022")).body.data.enero, 0.5);
  const again = await fin.post("/api/inflation", {
    anio: 2022,
    ...texts,
    enero: "0,7",
    version: b.body.data.version,
  });
  assert.equal(again.status, 200, again.text);
  assert.equal(again.body.data.enero, 0.7);
});

forEachDb("guarantees: 'Guardar' over a change made since the form was read is refused", kinds, async (t) => {
  const a = await tenantAGuarantees(t);
  const id = a.letterPending.id;
  const tenant = await t.signedIn("tenant@demo.pe");
  const view = (await tenant.get(`/api/guarantees/${id}`)).body.data;
  const body = {
    razon_social: view.garantia.razon_social,
    nombre_comercial: view.garantia.nombre_comercial,
    id_banco: 1,
    nro_carta_fianza: "D193-1234567",
    fecha_emision_carta_fianza: "2026-01-10",
    fecha_vencimiento_carta_fianza: "2099-01-10",
    version: view.version,
  };
  const first = await tenant.put(`/api/guarantees/${id}`, { ...body, importe: 25000 });
  assert.equal(first.status, 200, first.text);
  const second = await tenant.put(`/api/guarantees/${id}`, { ...body, importe: 26000 });
  assert.equal(second.body.errorId, STALE, second.text);
  assert.match(second.body.message, staleText("Lucía Fernández Huamán"));
  const [row] = await t.db.query<{ importe: string }>("select importe from guarantee_details where id = $1", [
    id,
  ]);
  assert.equal(Number(row.importe), 25000);
  const again = await tenant.put(`/api/guarantees/${id}`, {
    ...body,
    importe: 26000,
    version: second.body.data.version,
  });
  assert.equal(again.status, 200, again.text);
});

forEachDb(
  "contracts: 'Gestionar' and the dates dialog refuse a save over a newer change",
  kinds,
  async (t) => {
    const staff = await t.signedIn("staff@demo.pe");
    const admin = await t.signedIn("admin@demo.pe");
    const [a] = await t.db.query<{ code: string }>(
      `select c.code from contracts c join contract_users cu on cu.contract_id = c.id
       join users u on u.id = cu.user_id where u.email = 'tenant@demo.pe' and cu.is_default`,
    );
    const row = (await staff.get("/api/staff-contracts?unidadEconomicaId=3")).body.data.table
      .find((r: { codContrato: string }) => r.codContrato === a.code);
    const dates = { codContrato: a.code, fechaInicioOperaciones: "2018-03-01", version: row.version };
    const first = await admin.post("/api/staff-contracts/dates", {
      ...dates,
      fechaFinOperaciones: "2031-12-31",
    });
    assert.equal(first.status, 200, first.text);
    const second = await staff.post("/api/staff-contracts/dates", {
      ...dates,
      fechaFinOperaciones: "2030-12-31",
    });
    assert.equal(second.body.errorId, STALE, second.text);
    assert.match(second.body.message, staleText("Ana Lucía Pérez Rojas"));

    // 'Gestionar' read before the dates changed is stale too: the contract changed since it was opened.
    const m = (await staff.get(`/api/staff-tenants/manage?numContrato=${a.code}`)).body.data;
    const person = (slot: string) =>
      m.personas[slot] ? { correo: m.personas[slot].correo, nombre: m.personas[slot].nombre } : null;
    const manage = {
      numContrato: a.code,
      operador: person("operador"),
      administrador: person("administrador"),
      financiero1: person("financiero1"),
      financiero2: person("financiero2"),
      clasificacionComercialId: m.clasificacionComercialId,
      clasificacionSubComercialId: m.clasificacionSubComercialId,
      categoriaId: m.categoriaId,
    };
    const ok = await admin.put("/api/staff-tenants/manage", { ...manage, version: m.version });
    assert.equal(ok.status, 200, ok.text);
    const late = await staff.put("/api/staff-tenants/manage", { ...manage, version: m.version });
    assert.equal(late.body.errorId, STALE, late.text);
    assert.match(late.body.message, staleText("Ana Lucía Pérez Rojas"));
  },
);
