import assert from "node:assert/strict";
import { forEachDb, lastMail } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { auditActions, guaranteeVersion, tenantAGuarantees } from "../helpers/guarantees.ts";
// The spec's text (spec 3 section 6).
const NON_REVIEWER_MESSAGE =
  'Solo los usuarios con rol de "Revisor de Cobranza" o "Revisor de Tesorería" pueden aprobar o rechazar la Garantía.';

const kinds = await dbKinds();

forEachDb(
  "only the collections and treasury reviewers approve or reject; others change nothing",
  kinds,
  async (t) => {
    const a = await tenantAGuarantees(t);
    const id = a.cashInReview.id;
    const before = await t.db.query("select * from guarantee_details where id = $1", [id]);
    const admin = await t.signedIn("admin@demo.pe");
    const refused = await admin.post(`/api/guarantees/${id}/review`, {
      version: await guaranteeVersion(t, id),
      options: { OK: true },
    });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.message, NON_REVIEWER_MESSAGE);
    // The admin still opens the review screen, which tells it why the action is off.
    const view = (await admin.get(`/api/guarantees/${id}`)).body.data;
    assert.equal(view.acciones.review, true);
    assert.equal(view.acciones.reviewAllowed, false);
    for (const email of ["staff@demo.pe", "tenant@demo.pe", "financiero@demo.pe"]) {
      const c = await t.signedIn(email);
      assert.equal(
        (await c.post(`/api/guarantees/${id}/review`, {
          version: await guaranteeVersion(t, id),
          options: { OK: true },
        })).body.errorId,
        600,
      );
    }
    assert.deepEqual(await t.db.query("select * from guarantee_details where id = $1", [id]), before);
    assert.deepEqual(await auditActions(t, "guarantee_detail", id), []);
    const lists = await admin.get("/api/guarantees/review/1");
    assert.ok(
      lists.body.data.table.some((r: { id_garantia_detalle: number }) => r.id_garantia_detalle === id),
    );
  },
);

forEachDb(
  "a letter: collections approves, treasury rejects with an error option; the tenant sees the lights",
  kinds,
  async (t) => {
    const a = await tenantAGuarantees(t);
    const id = a.letterNew.id;
    const tenant = await t.signedIn("tenant@demo.pe");
    assert.equal((await tenant.post(`/api/guarantees/${id}/send`)).status, 200);

    const co = await t.signedIn("cobranza@demo.pe");
    const coView = (await co.get(`/api/guarantees/${id}`)).body.data;
    assert.deepEqual(coView.revision.opciones.map((o: { id: string }) => o.id), ["CO_IMPORTE_FINAL"]);
    const none = await co.post(`/api/guarantees/${id}/review`, {
      version: await guaranteeVersion(t, id),
      options: {},
    });
    assert.equal(none.status, 422);
    assert.equal(
      none.body.message,
      "Marque al menos una de las opciones presentadas para poder guardar la revisión.",
    );
    const both = await co.post(`/api/guarantees/${id}/review`, {
      version: await guaranteeVersion(t, id),

      options: { OK: true, CO_IMPORTE_FINAL: true },
    });
    assert.equal(both.status, 422);
    const unknown = await co.post(`/api/guarantees/${id}/review`, {
      version: await guaranteeVersion(t, id),
      options: { TE_IMPORTE: true },
    });
    assert.equal(unknown.status, 422);
    const approved = await co.post(`/api/guarantees/${id}/review`, {
      version: await guaranteeVersion(t, id),

      options: { OK: true, CO_IMPORTE_FINAL: false },
    });
    assert.equal(approved.status, 200, approved.text);
    assert.equal(approved.body.data.state, "ENV");
    const twice = await co.post(`/api/guarantees/${id}/review`, {
      version: await guaranteeVersion(t, id),
      options: { OK: true },
    });
    assert.equal(twice.status, 409);
    assert.equal(twice.body.message, "Ya se registró la revisión de Cobranza de esta garantía.");

    const te = await t.signedIn("tesoreria@demo.pe");
    const list2 = (await te.get("/api/guarantees/review/2")).body.data.table;
    assert.ok(list2.some((r: { id_garantia_detalle: number }) => r.id_garantia_detalle === id));
    assert.ok(
      !list2.some((r: { id_garantia_detalle: number }) => r.id_garantia_detalle === a.cashInReview.id),
    );
    const teView = (await te.get(`/api/guarantees/${id}`)).body.data;
    assert.equal(teView.revision.opciones.length, 7);
    const rejected = await te.post(`/api/guarantees/${id}/review`, {
      version: await guaranteeVersion(t, id),
      options: { TE_IMPORTE: true },
    });
    assert.equal(rejected.status, 200, rejected.text);
    assert.equal(rejected.body.data.state, "REC");

    const seen = (await tenant.get(`/api/guarantees/${id}`)).body.data;
    const d = seen.detalle_garantia;
    assert.equal(d.estado.codigo, "REC");
    assert.equal(d.revision_locatario.semaforo_color, "verde");
    assert.equal(d.revision_cobranza.semaforo_color, "verde");
    assert.equal(d.revision_cobranza.usuario_revisor, "cobranza@demo.pe");
    assert.equal(d.revision_tesoreria.semaforo_color, "rojo");
    assert.equal(d.revision_tesoreria.observaciones, "Error en el importe");
    assert.deepEqual(seen.historial.map((h: { tipo: string }) => h.tipo), ["TE", "CO", "LO"]);
    assert.equal(seen.acciones.editMode, "main");
    assert.deepEqual(await auditActions(t, "guarantee_detail", id), [
      "guarantee.send",
      "guarantee.review",
      "guarantee.review",
    ]);
    // Sent again, a new round starts: the CO and TE lights are grey again, the history keeps all.
    assert.equal((await tenant.post(`/api/guarantees/${id}/send`)).status, 200);
    const round2 = (await tenant.get(`/api/guarantees/${id}`)).body.data;
    assert.equal(round2.detalle_garantia.revision_cobranza, null);
    assert.equal(round2.historial.length, 4);
  },
);

forEachDb("a cash guarantee needs only collections; treasury is refused", kinds, async (t) => {
  const a = await tenantAGuarantees(t);
  const id = a.cashInReview.id;
  const te = await t.signedIn("tesoreria@demo.pe");
  const refused = await te.post(`/api/guarantees/${id}/review`, {
    version: await guaranteeVersion(t, id),
    options: { OK: true },
  });
  assert.equal(refused.status, 409);
  assert.equal(refused.body.message, "Esta garantía no requiere la revisión de Tesorería.");
  const co = await t.signedIn("cobranza@demo.pe");
  const view = (await co.get(`/api/guarantees/${id}`)).body.data;
  assert.deepEqual(view.revision.opciones.map((o: { id: string }) => o.id), [
    "CO_IMPORTE_FINAL",
    "CO_NO_ABONO",
  ]);
  const r = await co.post(`/api/guarantees/${id}/review`, {
    version: await guaranteeVersion(t, id),
    options: { OK: true },
  });
  assert.equal(r.body.data.state, "IOK");
  const again = await co.post(`/api/guarantees/${id}/review`, {
    version: await guaranteeVersion(t, id),
    options: { OK: true },
  });
  assert.equal(again.body.message, "La garantía ya fue aprobada.");
});

forEachDb("Validar con banco: BBVA or BCP letters only, the mail through the outbox", kinds, async (t) => {
  const a = await tenantAGuarantees(t);
  const co = await t.signedIn("cobranza@demo.pe");
  const sent = await co.post(`/api/guarantees/${a.letterNew.id}/bank-validation`);
  assert.equal(sent.status, 200, sent.text);
  assert.equal(sent.body.message, "Envio exitoso: Se envio el correo de validación al banco.");
  const mail = await lastMail(t.db, "validacion.cartasfianza@bcp.demo.pe");
  assert.match(mail.subject, /^Validación de Carta Fianza N° D193-/);
  assert.deepEqual(await auditActions(t, "guarantee_detail", a.letterNew.id), ["guarantee.bank_validation"]);
  const approved = await co.post(`/api/guarantees/${a.letterApproved.id}/bank-validation`);
  assert.equal(approved.status, 409);
  assert.equal(approved.body.message, "La garantía ya fue aprobada.");
  const cash = await co.post(`/api/guarantees/${a.cashInReview.id}/bank-validation`);
  assert.equal(cash.body.message, "Solo se valida con el banco una carta fianza.");
  const [ibk] = await t.db.query<{ id: number }>(
    `select d.id from guarantee_details d join banks b on b.id = d.bank_id
      where b.code = 'IBK' and d.type_code = 'GAR1' and d.state_code <> 'IOK' limit 1`,
  );
  const other = await co.post(`/api/guarantees/${ibk.id}/bank-validation`);
  assert.equal(other.body.message, "Solo las cartas fianza del BBVA o del BCP se validan con el banco.");
  const tenant = await t.signedIn("tenant@demo.pe");
  assert.equal((await tenant.post(`/api/guarantees/${a.letterNew.id}/bank-validation`)).body.errorId, 600);
});
