// 'Actualizar Contratos' (operating dates and the read-only detail) and the staff 'Estado de Cuenta' (any
// customer's statement from the same service as the tenant's). Messages are the spec's text, written here.
import assert from "node:assert/strict";
import { forEachDb } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { contractOf, count } from "../helpers/tenant.ts";

const kinds = await dbKinds();
const API = "/api/staff-contracts";
const ST = "/api/staff-statements";
const NO_PERMISSION = "El usuario no cuenta con los permisos necesarios.";
const SAVED = "Los cambios fueron guardados con exito.";
const ORDER = "La fecha fin de operaciones no puede ser anterior a la fecha inicio de operaciones.";

forEachDb("contracts: refused without ACTUALIZAR_CONTRATOS and for tenants", kinds, async (t) => {
  const a = await contractOf(t.db, "tenant@demo.pe");
  for (const email of ["pruebas@demo.pe", "tenant@demo.pe", "coordinadores@demo.pe"]) {
    const c = await t.signedIn(email);
    for (
      const r of [
        await c.get(`${API}?unidadEconomicaId=3`),
        await c.get(`${API}/detail?numContrato=${a.code}`),
        await c.post(`${API}/dates`, {
          codContrato: a.code,
          fechaInicioOperaciones: null,
          fechaFinOperaciones: null,
        }),
      ]
    ) {
      assert.equal(r.status, 403, email);
      assert.equal(r.body.message, NO_PERMISSION);
    }
  }
});

forEachDb("contracts: list, dates (optional, end not before start, audited) and detail", kinds, async (t) => {
  const a = await contractOf(t.db, "tenant@demo.pe");
  const staff = await t.signedIn("staff@demo.pe");
  const list = await staff.get(`${API}?unidadEconomicaId=3`);
  assert.equal(list.status, 200, list.text);
  const row = list.body.data.table.find((r: { codContrato: string }) => r.codContrato === a.code);
  assert.ok(row && "denCont" in row && "fechaInicioOperaciones" in row && "fechaFinOperaciones" in row);

  const before = await count(t.db, "select 1 from audit_log where action = 'staff.contract_dates'");
  // The version the dates dialog reads now (each save below from a dialog opened after the one before).
  const versionNow = async () =>
    (await staff.get(`${API}?unidadEconomicaId=3`)).body.data.table
      .find((r: { codContrato: string }) => r.codContrato === a.code).version;
  const wrong = await staff.post(`${API}/dates`, {
    codContrato: a.code,
    fechaInicioOperaciones: "2024-05-10",
    fechaFinOperaciones: "2024-05-09",
    version: row.version,
  });
  assert.equal(wrong.status, 422);
  assert.equal(wrong.body.data.fechaFinOperaciones, ORDER);
  const unknown = await staff.post(`${API}/dates`, {
    codContrato: "NOPE",
    fechaInicioOperaciones: null,
    fechaFinOperaciones: null,
    version: 0,
  });
  assert.equal(unknown.status, 404);

  const ok = await staff.post(`${API}/dates`, {
    codContrato: a.code,
    fechaInicioOperaciones: "2018-03-01",
    fechaFinOperaciones: "2031-12-31",
    version: await versionNow(),
  });
  assert.equal(ok.status, 200, ok.text);
  assert.equal(ok.body.message, SAVED);
  const [c] = await t.db.query<{ s: string; e: string }>(
    "select to_char(op_start, 'YYYY-MM-DD') as s, to_char(op_end, 'YYYY-MM-DD') as e from contracts where id = $1",
    [a.id],
  );
  assert.deepEqual([c.s, c.e], ["2018-03-01", "2031-12-31"]);
  // Both optional: clearing the end is allowed.
  const clear = await staff.post(`${API}/dates`, {
    codContrato: a.code,
    fechaInicioOperaciones: "2018-03-01",
    fechaFinOperaciones: null,
    version: await versionNow(),
  });
  assert.equal(clear.status, 200);
  assert.equal(
    await count(t.db, "select 1 from audit_log where action = 'staff.contract_dates'"),
    before + 2,
  );

  const detail = await staff.get(`${API}/detail?numContrato=${a.code}`);
  assert.equal(detail.status, 200, detail.text);
  const d = detail.body.data;
  assert.equal(d.codContrato, a.code);
  assert.equal(d.fechaInicioOperaciones, "2018-03-01");
  assert.equal(d.fechaFinOperaciones, null);
  assert.ok(d.area > 0 && d.categoria && d.cebe);
  assert.ok(d.locales.length >= 1);
  assert.ok(d.usuarios.some((u: { correo: string }) => u.correo === "tenant@demo.pe"));
  assert.ok(Array.isArray(d.garantias) && d.garantias.length > 0);
  assert.ok(!JSON.stringify(d).includes("password"));
});

forEachDb(
  "staff statements: list, the tenant's very statement, refused without ESTADO_CUENTA",
  kinds,
  async (t) => {
    const a = await contractOf(t.db, "tenant@demo.pe");
    for (const email of ["pruebas@demo.pe", "tenant@demo.pe"]) {
      const c = await t.signedIn(email);
      for (
        const r of [
          await c.get(ST),
          await c.get(`${ST}/detail?ruc=${a.ruc}`),
          await c.get(`${ST}/debts/1?ruc=${a.ruc}`),
        ]
      ) {
        assert.equal(r.status, 403, email);
        assert.equal(r.body.message, NO_PERMISSION);
      }
    }
    const cobranza = await t.signedIn("cobranza@demo.pe");
    const list = await cobranza.get(ST);
    assert.equal(list.status, 200, list.text);
    assert.ok(
      list.body.data.table.some((r: { ruc: string; razonSocial: string }) =>
        r.ruc === a.ruc && r.razonSocial
      ),
    );
    const staffView = await cobranza.get(`${ST}/detail?ruc=${a.ruc}`);
    assert.equal(staffView.status, 200, staffView.text);
    const tenant = await t.signedIn("tenant@demo.pe");
    const tenantView = await tenant.get("/api/tenant/statement");
    // The same statement, but for the letters' links: the tenant's session opens only its own contract's
    // (the guarantee file call's checks), collections every one of the customer's.
    type G = { nroContrato: string; urlFileNameCartaFianza: string | null };
    const unlinked = (s: { garantias: G[] }) => ({
      ...s,
      garantias: s.garantias.map((g) => ({ ...g, urlFileNameCartaFianza: null })),
    });
    assert.deepEqual(unlinked(staffView.body.data), unlinked(tenantView.body.data));
    const staffLinks = staffView.body.data.garantias.map((g: G) => g.urlFileNameCartaFianza);
    tenantView.body.data.garantias.forEach((g: G, i: number) => {
      if (g.urlFileNameCartaFianza) assert.equal(staffLinks[i], g.urlFileNameCartaFianza);
      else if (staffLinks[i]) assert.notEqual(g.nroContrato, a.code);
    });
    const debt = staffView.body.data.deudasVencidas[0];
    if (debt) {
      const d = await cobranza.get(`${ST}/debts/${debt.idDeuda}?ruc=${a.ruc}`);
      assert.equal(d.status, 200);
      assert.equal(d.body.data.referencia, debt.referencia);
      const other = await contractOf(t.db, "tenant2@demo.pe");
      const wrongRuc = await cobranza.get(`${ST}/debts/${debt.idDeuda}?ruc=${other.ruc}`);
      assert.equal(wrongRuc.status, 404);
    }
    const missing = await cobranza.get(`${ST}/detail?ruc=12345678901`);
    assert.equal(missing.status, 404);
    assert.equal(missing.body.message, "El RUC no existe.");
  },
);
