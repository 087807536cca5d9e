// Stale edits (issue 38, item 3) on Recepción de Garantía, Bóveda de Garantías, the state editor
// (update_estado) and the letter panel's forms: each list row, the detail and the panel carry the guarantee's
// version; tab A and tab B read the same one; A saves; B's save over it is refused with 448 naming A's person
// and writes nothing; saving again with the newer version works. A save without a version, or with a
// malformed one, is refused.
import assert from "node:assert/strict";
import { forEachDb, type TestApp } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { guaranteeVersion, tenantAGuarantees } from "../helpers/guarantees.ts";
import { nameOf, refusedBy, VERSION_MISSING } from "../helpers/stale.ts";

const kinds = await dbKinds();

/** The row of a list for a guarantee. */
type Row = {
  id_garantia_detalle: number;
  version: number;
  ubicacion?: { descripcion_estado: string } | null;
};
const rowOf = (table: Row[], id: number) => table.find((r) => r.id_garantia_detalle === id)!;

const count = async (t: TestApp, table: string, id: number) =>
  (await t.db.query<{ n: number }>(`select count(*)::int as n from ${table} where detail_id = $1`, [id]))[0]
    .n;

/** The tenant's approved letter, made not yet received. */
async function pendingLetter(t: TestApp): Promise<number> {
  const a = await tenantAGuarantees(t);
  const id = a.letterApproved.id;
  await t.db.query("update guarantee_details set is_recepcionada = false where id = $1", [id]);
  return id;
}

forEachDb("reception: a save over a reception made since the list was read is refused", kinds, async (t) => {
  const id = await pendingLetter(t);
  const te = await t.signedIn("tesoreria@demo.pe");
  const admin = await t.signedIn("admin@demo.pe");
  const path = `/api/guarantee-reception/${id}`;
  const pending = async (c: typeof te) =>
    rowOf((await c.get("/api/guarantee-reception/pending")).body.data.table, id);
  // Both read the pending list: the same version, the guarantee's latest audited write.
  const readA = await pending(te);
  const readB = await pending(admin);
  assert.equal(readA.version, await guaranteeVersion(t, id));
  assert.equal(readB.version, readA.version);

  // A records 'No Recibida' (red: the guarantee stays pending); B, still on the old list, is refused.
  const NO_RECIBIDA = 3;
  const CONFORME = 1;
  const a = await te.post(path, { id_garantia_recepcion_estado: NO_RECIBIDA, version: readA.version });
  assert.equal(a.status, 200, a.text);
  const before = await count(t, "guarantee_receptions", id);
  const b = await admin.post(path, { id_garantia_recepcion_estado: CONFORME, version: readB.version });
  refusedBy(b, await nameOf(t, "tesoreria@demo.pe"));
  assert.equal(await count(t, "guarantee_receptions", id), before, "the refused save wrote nothing");
  const [d] = await t.db.query<{ is_recepcionada: boolean }>(
    "select is_recepcionada from guarantee_details where id = $1",
    [id],
  );
  assert.equal(d.is_recepcionada, false);

  // Missing or malformed versions are refused by the field's message.
  for (const version of [undefined, "12", -1, 1.5]) {
    const r = await admin.post(path, { id_garantia_recepcion_estado: CONFORME, version });
    assert.equal(r.status, 422, r.text);
    assert.equal(r.body.data.version, VERSION_MISSING);
  }
  assert.equal(await count(t, "guarantee_receptions", id), before);

  // B saves again over the newer version the refusal gave it (the list shows the same one).
  assert.equal((await pending(admin)).version, b.body.data.version);
  const again = await admin.post(path, {
    id_garantia_recepcion_estado: CONFORME,
    version: b.body.data.version,
  });
  assert.equal(again.status, 200, again.text);
  assert.equal(await count(t, "guarantee_receptions", id), before + 1);
});

forEachDb("vault: a save over a place stored since the list was read is refused", kinds, async (t) => {
  const a = await tenantAGuarantees(t);
  const id = a.letterApproved.id;
  await t.db.query("update guarantee_details set is_recepcionada = true where id = $1", [id]);
  const te = await t.signedIn("tesoreria@demo.pe");
  const tabB = await t.signedIn("tesoreria@demo.pe"); // the same person's second tab
  const path = `/api/guarantee-vault/${id}`;
  const listed = async () => rowOf((await te.get("/api/guarantee-vault")).body.data.table, id);
  const read = await listed();
  assert.equal(read.version, await guaranteeVersion(t, id));
  const place = { file: "F-07", letra_numero: "B-21", codigo_estado: "BOV", codigo_autorizacion: "TES" };
  const moved = { ...place, codigo_estado: "PRE", codigo_autorizacion: "GAF" };

  const first = await te.post(path, { ...place, version: read.version });
  assert.equal(first.status, 200, first.text);
  const second = await tabB.post(path, { ...moved, version: read.version });
  refusedBy(second, await nameOf(t, "tesoreria@demo.pe"));
  assert.equal(await count(t, "guarantee_locations", id), 1, "the refused save wrote nothing");
  const current = async () => (await listed()).ubicacion?.descripcion_estado ?? null;
  assert.equal(await current(), "En Bóveda");

  for (const version of [undefined, "x", Number.MAX_SAFE_INTEGER + 2]) {
    const r = await tabB.post(path, { ...moved, version });
    assert.equal(r.status, 422, r.text);
    assert.equal(r.body.data.version, VERSION_MISSING);
  }
  assert.equal(await count(t, "guarantee_locations", id), 1);

  const again = await tabB.post(path, { ...moved, version: second.body.data.version });
  assert.equal(again.status, 200, again.text);
  assert.equal(await current(), "Prestada");
  assert.equal((await listed()).version, await guaranteeVersion(t, id));
});

forEachDb(
  "update_estado: a move over a change made since the detail was read is refused",
  kinds,
  async (t) => {
    const a = await tenantAGuarantees(t);
    const id = a.cashInReview.id;
    const PATH = "/api/guarantees/update_estado";
    const admin = await t.signedIn("admin@demo.pe");
    const tabB = await t.signedIn("admin@demo.pe");
    const state = async () =>
      (await t.db.query<{ s: string }>("select state_code as s from guarantee_details where id = $1", [id]))[
        0
      ].s;
    const read = (await tabB.get(`/api/guarantees/${id}`)).body.data.version;
    assert.equal(read, await guaranteeVersion(t, id));
    const body = (estado: string, version?: unknown) => ({
      id_detalle_garantia: id,
      codigo_estado_detalle_garantia: estado,
      version,
    });

    const first = await admin.put(PATH, body("IOK", read));
    assert.equal(first.status, 200, first.text);
    const second = await tabB.put(PATH, body("OBS", read));
    refusedBy(second, await nameOf(t, "admin@demo.pe"));
    assert.equal(await state(), "IOK", "the refused move changed nothing");
    for (const version of [undefined, null, "1"]) {
      const r = await tabB.put(PATH, body("ENV", version));
      assert.equal(r.status, 422, r.text);
      assert.equal(r.body.data.version, VERSION_MISSING);
    }
    const again = await tabB.put(PATH, body("ENV", second.body.data.version));
    assert.equal(again.status, 200, again.text);
    assert.equal(await state(), "ENV");
  },
);

forEachDb(
  "letter panel: the delivery moment over a newer change is refused; its forms need a version",
  kinds,
  async (t) => {
    const a = await tenantAGuarantees(t);
    const id = a.letterNew.id;
    const base = `/api/guarantee-letters/${id}`;
    const te = await t.signedIn("tesoreria@demo.pe");
    const tabB = await t.signedIn("tesoreria@demo.pe");
    const moment = async () =>
      (await t.db.query<{ c: string | null }>(
        "select delivery_moment_code as c from guarantee_details where id = $1",
        [
          id,
        ],
      ))[0].c;
    const read = (await tabB.get(base)).body.data.version;
    assert.equal(read, await guaranteeVersion(t, id));

    const first = await te.put(`${base}/momento-entrega`, {
      codigo_momento_entrega_carta_fianza: "FIR",
      version: read,
    });
    assert.equal(first.status, 200, first.text);
    const second = await tabB.put(`${base}/momento-entrega`, {
      codigo_momento_entrega_carta_fianza: "ANT",
      version: read,
    });
    refusedBy(second, await nameOf(t, "tesoreria@demo.pe"));
    assert.equal(await moment(), "FIR", "the refused save changed nothing");
    const again = await tabB.put(`${base}/momento-entrega`, {
      codigo_momento_entrega_carta_fianza: "ANT",
      version: second.body.data.version,
    });
    assert.equal(again.status, 200, again.text);
    assert.equal(await moment(), "ANT");

    // Every form of the panel refuses a body without its version (or a malformed one) by the field's message.
    const forms: [string, Record<string, unknown>][] = [
      ["momento-entrega", { codigo_momento_entrega_carta_fianza: "FIR" }],
      ["cheque", { id_banco_cheque: 1, nro_cheque: "123", fecha_ingreso_cheque: "2026-01-05" }],
      ["ejecucion/entrega", { fecha_entrega: "2026-01-05", codigo_estado_entrega: "APR" }],
      ["desistimiento/entrega", { fecha_entrega: "2026-01-05", codigo_estado_entrega: "APR" }],
    ];
    for (const [path, body] of forms) {
      for (const version of [undefined, "7", 0.5]) {
        const r = await te.put(`${base}/${path}`, { ...body, version });
        assert.equal(r.status, 422, `${path}: ${r.text}`);
        assert.equal(r.body.data.version, VERSION_MISSING, path);
      }
    }
    assert.equal(await moment(), "ANT");
  },
);
