// Explorador de Ventas' saved views (issue 41): each person's own, behind EXPLORADOR_VENTAS, strict bodies,
// audited saves and deletes; the permission granted to the staff roles that see the reports.
import assert from "node:assert/strict";
import { forEachDb } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";

const kinds = await dbKinds();
const NO_PERMISSION = "El usuario no cuenta con los permisos necesarios.";
const PATH = "/api/explorer/views";

const slice = {
  filas: ["categoria"],
  columnas: ["trimestre"],
  medidas: ["ventas_m2"],
  desde: "2024-01-01",
  hasta: "2024-12-31",
  comparar: 2019,
  inflacion: false,
  malls: [],
  rubros: [],
  contratos: [],
  cebes: [],
  moneda: "PEN",
  grafico: "barras",
};

forEachDb("explorer views: saved, listed, replaced and deleted by their owner only", kinds, async (t) => {
  const staff = await t.signedIn("staff@demo.pe");
  const fin = await t.signedIn("finanzas@demo.pe");
  assert.deepEqual((await staff.get(PATH)).body.data, []);

  const saved = await staff.post(PATH, { nombre: "  m2 por rubro ", estado: slice });
  assert.equal(saved.status, 200, saved.text);
  assert.equal(saved.body.message, "Vista guardada.");
  assert.equal(saved.body.data.nombre, "m2 por rubro", "the name is trimmed");
  assert.deepEqual(saved.body.data.estado, slice);
  const id = saved.body.data.id;

  // The same name replaces the slice, not a second view.
  const again = await staff.post(PATH, { nombre: "m2 por rubro", estado: { ...slice, comparar: 2023 } });
  assert.equal(again.status, 200, again.text);
  assert.equal(again.body.data.id, id);
  const mine = (await staff.get(PATH)).body.data;
  assert.equal(mine.length, 1);
  assert.equal(mine[0].estado.comparar, 2023);

  // Another person sees none of them and cannot delete them.
  assert.deepEqual((await fin.get(PATH)).body.data, []);
  const foreign = await fin.del(`${PATH}/${id}`);
  assert.equal(foreign.status, 404, foreign.text);
  assert.equal(foreign.body.message, "La vista no existe.");
  assert.equal((await staff.get(PATH)).body.data.length, 1, "still there");

  const gone = await staff.del(`${PATH}/${id}`);
  assert.equal(gone.status, 200, gone.text);
  assert.equal(gone.body.message, "Vista eliminada.");
  assert.deepEqual((await staff.get(PATH)).body.data, []);

  const audits = await t.db.query<{ action: string; entity_id: string }>(
    "select action, entity_id from audit_log where action like 'explorer.%' order by id",
  );
  assert.deepEqual(audits.map((a) => a.action), ["explorer.save", "explorer.save", "explorer.delete"]);
  assert.ok(audits.every((a) => a.entity_id === String(id)));
});

forEachDb("explorer views: strict bodies; bad input changes nothing", kinds, async (t) => {
  const staff = await t.signedIn("staff@demo.pe");
  const bad = [
    { nombre: "x", estado: slice, user_id: 1 },
    { nombre: "x", estado: { ...slice, extra: 1 } },
    { nombre: "", estado: slice },
    { nombre: "x", estado: { ...slice, filas: ["categoria; drop table users"] } },
    { nombre: "x", estado: { ...slice, medidas: [] } },
    { nombre: "x", estado: { ...slice, filas: ["mes"], columnas: ["mes"] } },
    { nombre: "x", estado: { ...slice, cebes: ["1' or '1'='1"] } },
    { nombre: "x", estado: { ...slice, desde: "2024-02-30" } },
    { nombre: "x", estado: { ...slice, desde: "2024-12-31", hasta: "2024-01-01" } },
    { nombre: "x", estado: { ...slice, malls: [1.5] } },
    { nombre: "x" },
    "[]",
    "{",
  ];
  for (const body of bad) {
    const r = await staff.post(PATH, body);
    assert.equal(r.status, 422, `${JSON.stringify(body)}: ${r.text}`);
    assert.equal(r.body.success, false);
    assert.equal(typeof r.body.message, "string");
  }
  const unknown = await staff.post(PATH, { nombre: "x", estado: slice, user_id: 1 });
  assert.equal(unknown.body.data.json, "Parámetro no permitido: user_id.");
  assert.equal((await staff.del(`${PATH}/abc`)).status, 422);
  assert.equal((await staff.del(`${PATH}/99999999999`)).status, 422);
  assert.deepEqual((await staff.get(PATH)).body.data, [], "nothing was saved");
  const [{ n }] = await t.db.query<{ n: number }>(
    "select count(*)::int as n from audit_log where action like 'explorer.%'",
  );
  assert.equal(n, 0);
});

forEachDb(
  "explorer views: the permission, granted to the staff roles that see the reports",
  kinds,
  async (t) => {
    const granted = await t.db.query<{ role_id: number }>(
      "select role_id from role_permissions where permission_id = 'EXPLORADOR_VENTAS' order by role_id",
    );
    assert.deepEqual(granted.map((r) => r.role_id), [4, 5, 8, 13, 19, 20, 22]);
    for (const email of ["pruebas@demo.pe", "tenant@demo.pe"]) {
      const c = await t.signedIn(email);
      for (
        const r of [
          await c.get(PATH),
          await c.post(PATH, { nombre: "x", estado: slice }),
          await c.del(`${PATH}/1`),
        ]
      ) {
        assert.equal(r.status, 403, `${email}: ${r.text}`);
        assert.equal(r.body.message, NO_PERMISSION);
      }
    }
    const [{ n }] = await t.db.query<{ n: number }>("select count(*)::int as n from explorer_views");
    assert.equal(n, 0);
    // Signed out: the session is asked for.
    const anon = await t.app.request(PATH);
    assert.equal(anon.status, 401);
  },
);
