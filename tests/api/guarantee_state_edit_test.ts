// update_estado (spec 3 section 3: id_detalle_garantia, codigo_estado_detalle_garantia): the state editor
// (SUPERADMIN_CONFIG) moves a guarantee one step of the review cycle; refused by state, by role, audited.
import assert from "node:assert/strict";
import { forEachDb, type TestApp } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { auditActions, guaranteeVersion, tenantAGuarantees } from "../helpers/guarantees.ts";

const kinds = await dbKinds();
const PATH = "/api/guarantees/update_estado";
const FORBIDDEN = "El usuario no cuenta con los permisos necesarios.";

const stateOf = async (t: TestApp, id: number) =>
  (await t.db.query<{ s: string }>("select state_code as s from guarantee_details where id = $1", [id]))[0].s;

forEachDb(
  "update_estado: one step of the cycle either way, audited; refused by state and by role",
  kinds,
  async (t) => {
    const a = await tenantAGuarantees(t);
    const id = a.cashInReview.id;
    assert.equal(await stateOf(t, id), "ENV");
    // The current version, as the detail screen shows it (the stale refusal: stale_edits_reception_test.ts).
    const body = async (estado: string, detail = id) => ({
      id_detalle_garantia: detail,
      codigo_estado_detalle_garantia: estado,
      version: await guaranteeVersion(t, detail),
    });

    // Refused by role: collections, treasury and the tenant; nothing written.
    for (const email of ["cobranza@demo.pe", "tesoreria@demo.pe", "tenant@demo.pe"]) {
      const r = await (await t.signedIn(email)).put(PATH, await body("IOK"));
      assert.equal(r.status, 403, `${email}: ${r.text}`);
      assert.equal(r.body.message, FORBIDDEN);
    }
    assert.equal(await stateOf(t, id), "ENV");

    const admin = await t.signedIn("admin@demo.pe");
    const up = await admin.put(PATH, await body("IOK"));
    assert.equal(up.status, 200, up.text);
    assert.equal(up.body.message, "Se actualizó el estado de la garantía.");
    assert.deepEqual(up.body.data, { id_detalle_garantia: id, codigo_estado_detalle_garantia: "IOK" });
    assert.equal(await stateOf(t, id), "IOK");
    const back = await admin.put(PATH, await body("ENV"));
    assert.equal(back.status, 200, back.text);
    assert.equal(await stateOf(t, id), "ENV");

    // Refused by state: two steps at once, the same state, a requirement state, a received approved letter.
    const skip = await admin.put(PATH, await body("PEN"));
    assert.equal(skip.status, 409, skip.text);
    assert.equal(
      skip.body.message,
      "No se puede pasar una garantía de En Revisión a Pendiente directamente.",
    );
    assert.equal((await admin.put(PATH, await body("ENV"))).status, 409);
    assert.equal((await admin.put(PATH, await body("REQ", a.letterApproved.id))).status, 409);
    await t.db.query("update guarantee_details set is_recepcionada = true where id = $1", [
      a.letterApproved.id,
    ]);
    const received = await admin.put(PATH, await body("ENV", a.letterApproved.id));
    assert.equal(received.status, 409);
    assert.equal(received.body.message, "La garantía ya fue recepcionada.");
    assert.equal(await stateOf(t, a.letterApproved.id), "IOK");

    // Invalid bodies: 422; an unknown guarantee: 404.
    assert.equal((await admin.put(PATH, await body("XXX"))).status, 422);
    assert.equal((await admin.put(PATH, { codigo_estado_detalle_garantia: "IOK" })).status, 422);
    assert.equal((await admin.put(PATH, await body("IOK", 999_999))).status, 404);

    const actions = (await auditActions(t, "guarantee_detail", id)).filter((x) =>
      x === "guarantee.update_state"
    );
    assert.equal(actions.length, 2);
    const [row] = await t.db.query<{ before: unknown; after: unknown }>(
      "select before, after from audit_log where action = 'guarantee.update_state' and entity_id = $1 order by id limit 1",
      [String(id)],
    );
    const json = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);
    assert.deepEqual([json(row.before), json(row.after)], [{ state: "ENV" }, { state: "IOK" }]);
  },
);
