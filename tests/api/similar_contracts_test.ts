// 'Contratos Símiles': the groups' grid, the shop lists, add / edit / delete with their audit rows, a contract
// in at most one group, the messages, and the permission (SUPERADMIN_CONFIG); the extract follows a save.
import assert from "node:assert/strict";
import { versionOf } from "../../services/extracts/versions.ts";
import { forEachDb } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";

const kinds = await dbKinds();
// The spec's texts (spec 2 section 8) and the ones docs/decisions.md defines for this screen.
const SAVED = "Registros actualizado satisfactoriamente!";
const NO_PERMISSION = "El usuario no cuenta con los permisos necesarios.";
const TWO_AT_LEAST = "Seleccione contratos de al menos dos malls.";
const KEYS = ["contratoArequipa", "contratoSantaAnita", "contratoChiclayo", "contratoIquitos", "contratoSjl"];

forEachDb("similar contracts: list, add, edit, delete, one group per contract, audit", kinds, async (t) => {
  const admin = await t.signedIn("admin@demo.pe");
  const list = await admin.get("/api/similar-contracts");
  assert.equal(list.status, 200, list.text);
  const table = list.body.data.table as Record<string, string | number | null>[];
  assert.ok(table.length >= 2, "the seed has groups");
  assert.deepEqual(Object.keys(table[0]), [
    "id",
    ...KEYS.flatMap((k) => [k, `${k}Denominacion`]),
    "version",
  ]);
  for (const g of table) {
    const n = KEYS.filter((k) => g[k]).length;
    assert.ok(n >= 3 && n <= 5, `group ${g.id} holds ${n} malls`);
  }

  // Two contracts of Arequipa and Chiclayo in no group.
  const free = async (mall: number) => {
    const [r] = await t.db.query<{ code: string; denominacion: string }>(
      `select code, denominacion from contracts c where mall_id = $1
          and not exists (select 1 from similar_contract_members m where m.contract_id = c.id)
        order by code limit 1`,
      [mall],
    );
    return r;
  };
  const [aqp, cix] = [await free(2), await free(6)];
  const shops = await admin.get("/api/similar-contracts/shops?unidadEconomicaId=2");
  assert.equal(shops.status, 200, shops.text);
  assert.ok(
    shops.body.data.some((s: { value: string; label: string }) =>
      s.value === aqp.code && s.label === `${aqp.code} - ${aqp.denominacion}`
    ),
  );

  const v0 = (await versionOf(t.db, "similar_contracts"))!.version;
  const added = await admin.put("/api/similar-contracts", {
    contratoArequipa: aqp.code,
    contratoChiclayo: cix.code,
    contratoSantaAnita: "",
  });
  assert.equal(added.status, 200, added.text);
  assert.equal(added.body.message, SAVED);
  const id = added.body.data.id as number;
  assert.equal(added.body.data.contratoArequipaDenominacion, aqp.denominacion);
  assert.equal(added.body.data.contratoSantaAnita, null);
  assert.ok((await versionOf(t.db, "similar_contracts"))!.version > v0, "the extract changed");
  const [created] = await t.db.query<{ entity_id: string }>(
    "select entity_id from audit_log where action = 'similar_contracts.create'",
  );
  assert.equal(created.entity_id, String(id));

  // A contract already in a group is refused, in a new group or in another group's edit.
  const other = table[0];
  const taken = (other.contratoSantaAnita ?? other.contratoArequipa) as string;
  const takenKey = other.contratoSantaAnita ? "contratoSantaAnita" : "contratoArequipa";
  const twice = await admin.put("/api/similar-contracts", { [takenKey]: taken, contratoChiclayo: cix.code });
  assert.equal(twice.status, 422, twice.text);
  assert.equal(twice.body.data[takenKey], `El contrato ${taken} ya pertenece al grupo ${other.id}.`);
  assert.equal(twice.body.data.contratoChiclayo, `El contrato ${cix.code} ya pertenece al grupo ${id}.`);
  const groupVersion = async () =>
    ((await admin.get("/api/similar-contracts")).body.data.table as { id: number; version: number }[])
      .find((g) => g.id === id)!.version;
  const moved = await admin.post("/api/similar-contracts", {
    id,
    contratoArequipa: aqp.code,
    [takenKey]: taken,
    version: await groupVersion(),
  });
  assert.equal(moved.status, 422);
  assert.equal(moved.body.data[takenKey], `El contrato ${taken} ya pertenece al grupo ${other.id}.`);

  // Messages: fewer than two malls, a contract of another mall, an unknown field.
  const one = await admin.put("/api/similar-contracts", { contratoArequipa: aqp.code });
  assert.deepEqual(one.body.data, { contratos: TWO_AT_LEAST });
  const wrongMall = await admin.put("/api/similar-contracts", {
    contratoSantaAnita: aqp.code,
    contratoIquitos: cix.code,
  });
  assert.deepEqual(wrongMall.body.data, {
    contratoSantaAnita: `El contrato ${aqp.code} no pertenece al mall Santa Anita.`,
    contratoIquitos: `El contrato ${cix.code} no pertenece al mall Iquitos.`,
  });
  const extra = await admin.put("/api/similar-contracts", { contratoArequipa: aqp.code, contrasenia: "x" });
  assert.equal(extra.status, 422);

  // Edit: Chiclayo's contract dropped, Iquitos' added; the group keeps its own contract.
  const iqt = await free(7);
  const edited = await admin.post("/api/similar-contracts", {
    id,
    contratoArequipa: aqp.code,
    contratoIquitos: iqt.code,
    version: await groupVersion(),
  });
  assert.equal(edited.status, 200, edited.text);
  assert.equal(edited.body.data.contratoChiclayo, null);
  assert.equal(edited.body.data.contratoIquitos, iqt.code);
  const [upd] = await t.db.query<{ before: unknown; after: unknown }>(
    "select before, after from audit_log where action = 'similar_contracts.update'",
  );
  const parse = (x: unknown) => (typeof x === "string" ? JSON.parse(x) : x) as Record<string, string>;
  assert.equal(parse(upd.before).contratoChiclayo, cix.code);
  assert.equal(parse(upd.after).contratoIquitos, iqt.code);

  // Delete, then the id is gone.
  const del = await admin.del(`/api/similar-contracts/${id}`);
  assert.equal(del.status, 200, del.text);
  assert.equal((await admin.del(`/api/similar-contracts/${id}`)).status, 404);
  const [gone] = await t.db.query<{ n: number }>(
    "select count(*)::int as n from audit_log where action = 'similar_contracts.delete'",
  );
  assert.equal(gone.n, 1);

  // A role without SUPERADMIN_CONFIG (staff, tenant) is refused, reading and writing.
  for (const email of ["staff@demo.pe", "tenant@demo.pe"]) {
    const c = await t.signedIn(email);
    for (
      const r of [
        await c.get("/api/similar-contracts"),
        await c.get("/api/similar-contracts/shops?unidadEconomicaId=3"),
        await c.post("/api/similar-contracts", { idContratoSimil: other.id, contratoArequipa: aqp.code }),
        await c.put("/api/similar-contracts", { contratoArequipa: aqp.code, contratoChiclayo: cix.code }),
        await c.del(`/api/similar-contracts/${other.id}`),
      ]
    ) {
      assert.equal(r.status, 403, email);
      assert.equal(r.body.message, NO_PERMISSION);
    }
  }
});
