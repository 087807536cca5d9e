import assert from "node:assert/strict";
import { forEachDb } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { auditActions, detailsOf, tenantAGuarantees } from "../helpers/guarantees.ts";

const kinds = await dbKinds();

const saveBody = (
  view: { garantia: Record<string, unknown>; detalle_garantia: Record<string, unknown>; version: number },
) => {
  const d = view.detalle_garantia as Record<string, unknown> & { banco: { id_banco: number } | null };
  return {
    razon_social: view.garantia.razon_social,
    nombre_comercial: view.garantia.nombre_comercial,
    id_banco: d.banco?.id_banco ?? null,
    importe: d.importe,
    id_tipo_carta_fianza: d.id_tipo_carta_fianza,
    nro_carta_fianza: d.nro_carta_fianza,
    nro_operacion: d.nro_operacion,
    fecha_emision_carta_fianza: d.fecha_emision_carta_fianza,
    fecha_vencimiento_carta_fianza: d.fecha_vencimiento_carta_fianza,
    version: view.version,
  };
};

forEachDb(
  "GET /api/guarantees/mine lists the guarantees of the session's contract only",
  kinds,
  async (t) => {
    const tenant = await t.signedIn("tenant@demo.pe");
    const mine = (await tenant.get("/api/guarantees/mine")).body.data.table;
    const own = await detailsOf(t, "tenant@demo.pe");
    assert.deepEqual(
      mine.map((r: { id_garantia_detalle: number }) => r.id_garantia_detalle),
      own.map((d) => d.id),
    );
    const a = await tenantAGuarantees(t);
    const row = (id: number) =>
      mine.find((r: { id_garantia_detalle: number }) => r.id_garantia_detalle === id);
    assert.equal(row(a.letterNew.id).puede_actualizar, true);
    assert.equal(row(a.cashInReview.id).puede_actualizar, false);
    assert.equal(row(a.letterApproved.id).puede_renovar, true);
    assert.equal(row(a.letterNew.id).puede_renovar, false);
    // The same user's second contract appears only once the session switches to it.
    const second = await detailsOf(t, "tenant@demo.pe", false);
    assert.ok(
      second.length > 0 &&
        !mine.some((r: { id_garantia_detalle: number }) => r.id_garantia_detalle === second[0].id),
    );
    const staff = await t.signedIn("staff@demo.pe");
    assert.equal((await staff.get("/api/guarantees/mine")).body.errorId, 600);
    const operador = await t.signedIn("operador@demo.pe");
    assert.equal((await operador.get("/api/guarantees/mine")).body.errorId, 600);
  },
);

forEachDb(
  "a tenant cannot see or change another tenant's guarantee (nor its own other contract's)",
  kinds,
  async (t) => {
    const a = await tenantAGuarantees(t);
    const other = await t.signedIn("tenant2@demo.pe");
    const before = await t.db.query("select * from guarantee_details order by id");
    const id = a.letterNew.id;
    const tries = [
      await other.get(`/api/guarantees/${id}`),
      await other.put(`/api/guarantees/${id}`, { razon_social: "X", nombre_comercial: "Y", version: 0 }),
      await other.post(`/api/guarantees/${id}/validate`),
      await other.post(`/api/guarantees/${id}/send`),
      await other.post(`/api/guarantees/${a.letterApproved.id}/renew`),
    ];
    for (const r of tries) {
      assert.equal(r.status, 404, r.text);
      assert.equal(r.body.message, "La garantía no existe.");
    }
    const [file] = await t.db.query<{ letter_file_id: string }>(
      "select letter_file_id from guarantee_details where id = $1",
      [id],
    );
    assert.equal((await other.get(`/api/guarantees/files/${file.letter_file_id}`)).status, 404);
    // tenant@'s second contract is not the session's: refused the same way until it switches.
    const tenant = await t.signedIn("tenant@demo.pe");
    const [second] = await detailsOf(t, "tenant@demo.pe", false);
    assert.equal((await tenant.get(`/api/guarantees/${second.id}`)).status, 404);
    const contracts = (await tenant.get("/api/auth/contracts")).body.data.list;
    const switched = await tenant.post("/api/auth/contract", { contractId: contracts[1].value });
    assert.equal(switched.status, 200);
    assert.equal((await tenant.get(`/api/guarantees/${second.id}`)).status, 200);
    // Staff without a guarantee permission: 600.
    const staff = await t.signedIn("staff@demo.pe");
    assert.equal((await staff.get(`/api/guarantees/${id}`)).body.errorId, 600);
    assert.deepEqual(await t.db.query("select * from guarantee_details order by id"), before);
  },
);

forEachDb(
  "save, validate and send: refused with the validation messages while incomplete",
  kinds,
  async (t) => {
    const a = await tenantAGuarantees(t);
    const tenant = await t.signedIn("tenant@demo.pe");
    const id = a.letterPending.id;
    const refused = await tenant.post(`/api/guarantees/${id}/send`);
    assert.equal(refused.status, 422);
    assert.equal(refused.body.data.success, false);
    const messages = refused.body.data.validationMessages.map((m: { message: string }) => m.message);
    for (
      const m of [
        "Debe ingresar el Importe.",
        "Debe seleccionar el Banco.",
        "Debe ingresar el Nro. de Carta Fianza.",
        "Debe ingresar la Fecha de Emisión.",
        "Debe ingresar la Fecha de Vencimiento.",
        "Debe adjuntar la Carta Fianza.",
      ]
    ) assert.ok(messages.includes(m), m);
    let [row] = await t.db.query<{ state_code: string; review_round: number }>(
      "select state_code, review_round from guarantee_details where id = $1",
      [id],
    );
    assert.deepEqual(row, { state_code: "PEN", review_round: 0 });
    assert.deepEqual(await auditActions(t, "guarantee_detail", id), []);

    // Guardar stores the fields (PENDIENTE becomes INGRESADO) and answers the validation of what is stored.
    const view = (await tenant.get(`/api/guarantees/${id}`)).body.data;
    assert.equal(view.acciones.editMode, "main");
    const saved = await tenant.put(`/api/guarantees/${id}`, {
      ...saveBody(view),
      id_banco: 1,
      importe: 25000,
      nro_carta_fianza: "D193-1234567",
      fecha_emision_carta_fianza: "2026-01-10",
      fecha_vencimiento_carta_fianza: "2099-01-10",
    });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.body.data.validation.success, false);
    assert.deepEqual(
      saved.body.data.validation.validationMessages.map((m: { message: string }) => m.message),
      [
        "Debe adjuntar la Carta Fianza.",
      ],
    );
    [row] = await t.db.query("select state_code, review_round from guarantee_details where id = $1", [id]);
    assert.deepEqual(row, { state_code: "NEW", review_round: 0 });
    const bad = await tenant.put(`/api/guarantees/${id}`, {
      ...saveBody(view),
      fecha_emision_carta_fianza: "2026-05-10",
      fecha_vencimiento_carta_fianza: "2026-05-01",
      nro_operacion: "12a",
    });
    assert.equal(bad.status, 422);
    assert.equal(
      bad.body.data.fecha_vencimiento_carta_fianza,
      "La Fecha de Vencimiento debe ser posterior a la Fecha de Emisión.",
    );

    // A complete letter goes to review: EN_REVISION, round 1, the LO light green.
    const ready = a.letterNew.id;
    const validated = await tenant.post(`/api/guarantees/${ready}/validate`);
    assert.deepEqual(validated.body.data, { success: true, validationMessages: [] });
    const sent = await tenant.post(`/api/guarantees/${ready}/send`);
    assert.equal(sent.status, 200, sent.text);
    assert.equal(sent.body.data.messageId, 102);
    const after = (await tenant.get(`/api/guarantees/${ready}`)).body.data;
    assert.equal(after.detalle_garantia.estado.codigo, "ENV");
    assert.equal(after.detalle_garantia.revision_locatario.semaforo_color, "verde");
    assert.equal(after.detalle_garantia.revision_locatario.usuario_revisor, "tenant@demo.pe");
    assert.equal(after.acciones.editMode, null);
    assert.deepEqual(await auditActions(t, "guarantee_detail", ready), ["guarantee.send"]);

    // Locked while in review: saving and sending again are refused and change nothing.
    const locked = await tenant.put(`/api/guarantees/${ready}`, saveBody(after));
    assert.equal(locked.status, 409);
    assert.equal(locked.body.message, "La garantía está En Revisión: sus datos no se pueden modificar.");
    assert.equal((await tenant.post(`/api/guarantees/${ready}/send`)).status, 409);
    assert.deepEqual(await auditActions(t, "guarantee_detail", ready), ["guarantee.send"]);
  },
);

forEachDb("renew: an approved letter in its renewal window, once", kinds, async (t) => {
  const a = await tenantAGuarantees(t);
  const tenant = await t.signedIn("tenant@demo.pe");
  const refused = await tenant.post(`/api/guarantees/${a.letterNew.id}/renew`);
  assert.equal(refused.status, 409);
  assert.match(refused.body.message, /solo se puede renovar En Requerimiento/);
  const renewed = await tenant.post(`/api/guarantees/${a.letterApproved.id}/renew`);
  assert.equal(renewed.status, 200, renewed.text);
  const newId = renewed.body.data.id;
  const view = (await tenant.get(`/api/guarantees/${newId}`)).body.data.detalle_garantia;
  assert.equal(view.estado.codigo, "NRE");
  assert.equal(view.id_tipo_carta_fianza, 384);
  assert.equal(view.descripcion_tipo_carta_fianza, "Renovación");
  assert.equal(view.id_target_renovacion, a.letterApproved.id);
  const again = await tenant.post(`/api/guarantees/${a.letterApproved.id}/renew`);
  assert.equal(again.status, 409);
  assert.equal(again.body.message, "La carta fianza ya fue renovada.");
  const count = await t.db.query("select 1 from guarantee_details where renews_id = $1", [
    a.letterApproved.id,
  ]);
  assert.equal(count.length, 1);
  assert.deepEqual(await auditActions(t, "guarantee_detail", a.letterApproved.id), ["guarantee.renew"]);
  const staff = await t.signedIn("cobranza@demo.pe");
  assert.equal((await staff.post(`/api/guarantees/${a.letterApproved.id}/renew`)).body.errorId, 600);
});
