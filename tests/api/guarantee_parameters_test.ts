// /configuracion-garantias: the 16 general parameters, each kind's check with its message (spec 3 sections
// 5 and 9), saved '1'/'0' switches, refused by role, audited, and the renewal window read by the rules.
import assert from "node:assert/strict";
import { type Client, forEachDb, type TestApp } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { auditActions } from "../helpers/guarantees.ts";

const kinds = await dbKinds();

// The spec's text (spec 3 section 5) and the catalogue's success (id 101).
const DAYS = "Valor no válido! Ingrese números de días separados por comas. Ejemplo: 45,30,15";
const SAVED = "Los cambios fueron guardados con exito.";

interface Param {
  codigo: string;
  nombre: string;
  value: string;
  tipo: string;
  version: number;
}

async function params(t: TestApp): Promise<Param[]> {
  const admin = await t.signedIn("admin@demo.pe");
  return (await admin.get("/api/guarantee-parameters")).body.data.table;
}

/** Saves as the screen does: with the parameter's version as read now. */
async function saveParam(t: TestApp, admin: Client, p: Param, value: string) {
  return await admin.put("/api/guarantee-parameters", {
    codigo: p.codigo,
    value,
    version: (await params(t)).find((x) => x.codigo === p.codigo)!.version,
  });
}

forEachDb("general parameters: each kind's check, saved and audited; superadmin only", kinds, async (t) => {
  const list = await params(t);
  assert.equal(list.length, 16);
  const count = (k: string) => list.filter((p) => p.tipo === k).length;
  assert.deepEqual(
    [count("percent"), count("digits"), count("switch"), count("days"), count("text")],
    [2, 2, 3, 1, 8],
  );
  const by = (tipo: string) => list.find((p) => p.tipo === tipo)!;
  const admin = await t.signedIn("admin@demo.pe");
  const save = (p: Param, value: string) => saveParam(t, admin, p, value);

  const cases: [string, string, boolean][] = [
    ["percent", "12.5", true],
    ["percent", "100", true],
    ["percent", "100.5", false],
    ["percent", "12,5", false],
    ["percent", "-1", false],
    ["digits", "120", true],
    ["digits", "1200", false],
    ["digits", "1a", false],
    ["switch", "0", true],
    ["switch", "true", false],
    ["days", "60,30,15", true],
    ["days", "45,30,", false],
    ["days", "45;30", false],
    ["days", "", false],
    ["text", "Lima", true],
  ];
  for (const [tipo, value, good] of cases) {
    const r = await save(by(tipo), value);
    assert.equal(r.status, good ? 200 : 422, `${tipo} ${value}`);
    if (good) {
      assert.equal(r.body.message, SAVED);
      assert.equal(r.body.data.parametro.value, value);
    }
  }
  assert.equal((await save(by("days"), "45,30,")).body.message, DAYS);
  const [stored] = await t.db.query<{ value: unknown }>(
    "select s.value #>> '{}' as value from settings s join guarantee_parameters p on p.setting_key = s.key where p.kind = 'switch' order by p.sort limit 1",
  );
  assert.equal(stored.value, "0");
  assert.deepEqual(await auditActions(t, "guarantee_parameter", by("days").codigo), [
    "guarantee_parameters.update",
  ]);
  const unknown = await admin.put("/api/guarantee-parameters", {
    codigo: "00000000-0000-4000-8000-000000000000",
    value: "1",
    version: 0,
  });
  assert.equal(unknown.status, 404);

  for (const email of ["tesoreria@demo.pe", "tenant@demo.pe"]) {
    const c = await t.signedIn(email);
    assert.equal((await c.get("/api/guarantee-parameters")).status, 403);
    assert.equal(
      (await c.put("/api/guarantee-parameters", { codigo: by("text").codigo, value: "x", version: 0 }))
        .status,
      403,
    );
  }
});

forEachDb(
  "the renewal window's parameter moves letters in and out of Requerimiento de CF",
  kinds,
  async (t) => {
    const list = await params(t);
    const windowParam = list.find((p) => p.nombre === "Días antes del vencimiento para renovar y requerir")!;
    assert.equal(windowParam.value, "45");
    const admin = await t.signedIn("admin@demo.pe");
    const te = await t.signedIn("tesoreria@demo.pe");
    const save = (p: Param, value: string) => saveParam(t, admin, p, value);
    const count = async () => (await te.get("/api/guarantee-requirements/expiring")).body.data.table.length;
    const before = await count();
    assert.equal(
      (await save(windowParam, "0")).status,
      200,
    );
    assert.ok((await count()) <= before);
    assert.equal(
      (await save(windowParam, "999")).status,
      200,
    );
    assert.ok((await count()) > before, "a wider window offers more letters");
  },
);
