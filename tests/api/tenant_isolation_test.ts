import assert from "node:assert/strict";
import { addDays } from "../../services/days.ts";
import { type Client, forEachDb, seenBodies } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { closingBody, contractOf, snapshot, TODAY, YESTERDAY } from "../helpers/tenant.ts";

const kinds = await dbKinds();
const FROM = addDays(TODAY, -40);

/** Every tenant call with what it needs to run (for the permission and session checks). */
const CALLS: { method: string; path: string; body?: unknown; permission: string }[] = [
  { method: "GET", path: "/api/tenant/dashboard/indicators", permission: "DASHBOARD_LOCATARIO" },
  {
    method: "GET",
    path: "/api/tenant/dashboard/monthly-sales?anio1=2025&anio2=2026",
    permission: "DASHBOARD_LOCATARIO",
  },
  {
    method: "GET",
    path: "/api/tenant/dashboard/category-average?anio=2026",
    permission: "DASHBOARD_LOCATARIO",
  },
  { method: "GET", path: "/api/tenant/closings/pending", permission: "REGISTRAR_CIERRE_VENTA_LOCATARIO" },
  {
    method: "POST",
    path: "/api/tenant/closings",
    body: { fechaRegistro: YESTERDAY, suministros: [] },
    permission: "REGISTRAR_CIERRE_VENTA_LOCATARIO",
  },
  {
    method: "GET",
    path: `/api/tenant/closings?fechaInicial=${FROM}&fechaFinal=${TODAY}`,
    permission: "CONSULTA_CIERRE_LOCATARIO",
  },
  {
    method: "PUT",
    path: "/api/tenant/closings/1",
    body: { ventasValor: 1, numeroTransacciones: 1 },
    permission: "REGISTRAR_CIERRE_VENTA_LOCATARIO",
  },
  { method: "GET", path: "/api/tenant/closings/1/history", permission: "CONSULTA_CIERRE_LOCATARIO" },
  { method: "GET", path: "/api/tenant/users", permission: "GESTION_USUARIOS_LOCATARIO" },
  { method: "PUT", path: "/api/tenant/users", body: {}, permission: "GESTION_USUARIOS_LOCATARIO" },
  { method: "GET", path: "/api/tenant/statement", permission: "ESTADO_CUENTA_LOCATARIO" },
  { method: "GET", path: "/api/tenant/statement/debts/1", permission: "ESTADO_CUENTA_LOCATARIO" },
];

const call = (c: Client, x: { method: string; path: string; body?: unknown }) =>
  c.call(x.method, x.path, x.method === "GET" ? undefined : x.body ?? {});

forEachDb("tenant calls need a session and their permission", kinds, async (t) => {
  const anonymous = t.client();
  for (const x of CALLS) assert.equal((await call(anonymous, x)).status, 401, `${x.method} ${x.path}`);
  const staff = await t.signedIn("staff@demo.pe");
  const roles: Record<string, Client> = {
    adminLocatario: await t.signedIn("tenant@demo.pe"),
    operadorLocatario: await t.signedIn("operador@demo.pe"),
    financieroLocatario: await t.signedIn("financiero@demo.pe"),
    garantiasLocatario: await t.signedIn("garantias@demo.pe"),
  };
  const held = async (email: string) =>
    new Set(
      (await t.db.query<{ permission_id: string }>(
        "select permission_id from role_permissions rp join users u on u.role_id = rp.role_id where u.email = $1",
        [email],
      )).map((r) => r.permission_id),
    );
  for (const x of CALLS) {
    const r = await call(staff, x);
    assert.equal(r.body.errorId, 600, `staff ${x.method} ${x.path}`);
  }
  const emails: Record<string, string> = {
    adminLocatario: "tenant@demo.pe",
    operadorLocatario: "operador@demo.pe",
    financieroLocatario: "financiero@demo.pe",
    garantiasLocatario: "garantias@demo.pe",
  };
  for (const [role, client] of Object.entries(roles)) {
    const perms = await held(emails[role]);
    for (const x of CALLS) {
      const r = await call(client, x);
      if (perms.has(x.permission)) assert.notEqual(r.body.errorId, 600, `${role} ${x.method} ${x.path}`);
      else assert.equal(r.body.errorId, 600, `${role} ${x.method} ${x.path}: ${r.text}`);
    }
  }
  // A staff role given a tenant permission still has no contract: 439, no data.
  await t.db.query("insert into role_permissions (role_id, permission_id) values (5, 'DASHBOARD_LOCATARIO')");
  const staffAgain = await t.signedIn("staff@demo.pe");
  const noContract = await staffAgain.get("/api/tenant/dashboard/indicators");
  assert.equal(noContract.body.errorId, 439);
  assert.equal(noContract.body.data, null);
});

forEachDb("tenant2@ cannot read or change tenant@'s data by any parameter", kinds, async (t) => {
  const a = await contractOf(t.db, "tenant@demo.pe");
  const b = await contractOf(t.db, "tenant@demo.pe", false);
  const c = await contractOf(t.db, "tenant2@demo.pe");
  assert.notEqual(a.tenantId, c.tenantId);
  const tenant2 = await t.signedIn("tenant2@demo.pe");
  const [aClosing] = await t.db.query<{ id: number }>(
    "select id from sales_closings where contract_id = $1 order by sale_date desc limit 1",
    [a.id],
  );
  const [aDebt] = await t.db.query<{ id: number }>(
    "select id from receivables where tenant_id = $1 limit 1",
    [
      a.tenantId,
    ],
  );
  assert.ok(aClosing && aDebt, "tenant@ has closings and open documents");
  const before = await snapshot(t.db);

  // Identity parameters are refused outright, on every call, whatever their name.
  const foreignParams = [
    `idLocatario=${a.id}`,
    `contractId=${a.id}`,
    `ruc=${a.ruc}`,
    `tenantId=${a.tenantId}`,
  ];
  for (const x of CALLS) {
    for (const p of foreignParams) {
      const path = x.path.includes("?") ? `${x.path}&${p}` : `${x.path}?${p}`;
      const r = await call(tenant2, { ...x, path });
      assert.equal(r.status, 422, `${x.method} ${path}: ${r.text}`);
      assert.match(r.body.data.query, /^Parámetro no permitido: /);
    }
  }
  for (const key of ["idLocatario", "contractId", "ruc"]) {
    const r = await tenant2.post("/api/tenant/closings", {
      ...closingBody(c.points, YESTERDAY),
      [key]: a.id,
    });
    assert.equal(r.status, 422);
    assert.equal(r.body.data.json, `Parámetro no permitido: ${key}.`);
  }

  // Ids of tenant@'s rows: answered as unknown.
  const notFound = [
    await tenant2.put(`/api/tenant/closings/${aClosing.id}`, {
      ventasValor: 1,
      numeroTransacciones: 1,
      version: 0,
    }),
    await tenant2.get(`/api/tenant/closings/${aClosing.id}/history`),
    await tenant2.get(`/api/tenant/statement/debts/${aDebt.id}`),
    await tenant2.post("/api/tenant/closings", closingBody(a.points, YESTERDAY)),
    await tenant2.post("/api/tenant/closings", closingBody([c.points[0], ...a.points], YESTERDAY)),
  ];
  for (const r of notFound) {
    assert.equal(r.status, 404, r.text);
    assert.equal(r.body.data, null);
  }
  // tenant@'s people: tenant2 can neither take them into its contract nor set their password.
  const users = (await tenant2.get("/api/tenant/users")).body.data;
  const takeOver = await tenant2.put("/api/tenant/users", {
    administrador: { correo: users.administrador.correo, nombreCompleto: users.administrador.nombreCompleto },
    operador: {
      correo: "operador@demo.pe",
      nombreCompleto: "Rosa Condori Ticona",
      contrasenia: "Tomada-2026",
    },
    financiero1: null,
    financiero2: null,
    version: users.version,
  });
  assert.equal(takeOver.status, 409);
  assert.equal(takeOver.body.data["operador.correo"], "El correo ya se encuentra registrado.");
  // Switching to tenant@'s contract is refused.
  assert.equal((await tenant2.post("/api/auth/contract", { contractId: a.id })).body.errorId, 440);
  assert.equal((await tenant2.post("/api/auth/contract", { contractId: b.id })).body.errorId, 440);
  assert.equal(await snapshot(t.db), before, "nothing changed");
  assert.equal((await t.client().login("operador@demo.pe", "Tomada-2026")).body.errorId, 438);

  // What tenant2 does get is its own contract's data, never tenant@'s.
  const pending = (await tenant2.get("/api/tenant/closings/pending")).body.data;
  assert.equal(pending.contrato.nroContrato, c.code);
  assert.deepEqual(
    pending.suministros.map((s: { idSuministroPorLocatario: number }) => s.idSuministroPorLocatario),
    c.points,
  );
  const rows =
    (await tenant2.get(`/api/tenant/closings?fechaInicial=${FROM}&fechaFinal=${TODAY}`)).body.data.table;
  const own = new Set(
    (await t.db.query<{ id: number }>("select id from sales_closings where contract_id = $1", [c.id])).map((
      r,
    ) => Number(r.id)),
  );
  assert.ok(rows.length > 0 && rows.every((r: { cierreVentaId: number }) => own.has(r.cierreVentaId)));
  const statement = (await tenant2.get("/api/tenant/statement")).body.data;
  assert.equal(statement.ruc, c.ruc);
  assert.ok(!JSON.stringify(statement).includes(a.code));
  const monthly = (await tenant2.get("/api/tenant/dashboard/monthly-sales?anio1=2025&anio2=2025")).body.data;
  const [sum] = await t.db.query<{ s: number }>(
    "select coalesce(sum(amount), 0) as s from sales_closings where contract_id = $1 and extract(year from sale_date) = 2025",
    [c.id],
  );
  const shown = monthly.table.reduce((n: number, r: { ventaAnio1: number }) => n + r.ventaAnio1, 0);
  assert.ok(Math.abs(shown - Number(sum.s)) < 0.01, `${shown} vs ${sum.s}`);
  const bell = await tenant2.get("/api/notifications");
  assert.ok(!bell.text.includes(a.code), "tenant@'s contract is not in tenant2's bell");
  assert.ok(!bell.text.includes("contratos-cierres-faltantes"), "no staff group reaches a tenant");
  for (const text of seenBodies) assert.doesNotMatch(text, /argon2|password_hash|Tomada-2026|Demo-2026/);
});

forEachDb("a tenant's own second contract is reached only by switching to it", kinds, async (t) => {
  const a = await contractOf(t.db, "tenant@demo.pe");
  const b = await contractOf(t.db, "tenant@demo.pe", false);
  const tenant = await t.signedIn("tenant@demo.pe");
  assert.equal((await tenant.get("/api/tenant/closings/pending")).body.data.contrato.nroContrato, a.code);
  const refused = await tenant.get(`/api/tenant/closings/pending?idLocatario=${b.id}`);
  assert.equal(refused.status, 422);
  const switched = await tenant.post("/api/auth/contract", { contractId: b.id });
  assert.equal(switched.body.data.tenant.idLocatario, b.id);
  assert.equal((await tenant.get("/api/tenant/closings/pending")).body.data.contrato.nroContrato, b.code);
  // Losing the slot in the chosen contract ends access to it at once, whatever the session says.
  await t.db.query(
    "delete from contract_users where contract_id = $1 and user_id = (select id from users where email = 'tenant@demo.pe')",
    [b.id],
  );
  const gone = await tenant.get("/api/tenant/closings/pending");
  assert.equal(gone.body.errorId, 439);
});
