import assert from "node:assert/strict";
import { type Client, forEachDb } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import {
  auditActions,
  fileOf,
  guaranteeVersion,
  postForm as postAnyForm,
  SAMPLES,
  storedFiles,
  tenantAGuarantees,
  withUploadsDir,
} from "../helpers/guarantees.ts";
const FILE_TYPE_MSG = "Tipo de archivo no permitido. Solo se permiten archivos .msg.";

const kinds = await dbKinds();
const TITLE = "Se encontraron las siguientes observaciones al registrar la Excepción";

function exceptionForm(fields: Record<string, string>, file?: File): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set("sustento", file);
  return form;
}

/** Posts the exception form as the screen does: with the guarantee's current version unless one is given. */
async function postForm(c: Client, path: string, form: FormData) {
  const id = /\/api\/guarantee-exceptions\/(\d+)$/.exec(path)?.[1];
  if (id && !form.has("version")) form.set("version", String(await guaranteeVersion(c.t, Number(id))));
  return await postAnyForm(c, path, form);
}

const valid = {
  tipoExcepcion: "CFE",
  numfactura: "",
  importe: "12,500.00",
  moneda: "1",
  fechaLimite: "2099-03-31",
  motivo: "Carta fianza en trámite con el banco.",
};
const msg = () => fileOf(SAMPLES.msg(), "Aprobacion gerencia.msg");

forEachDb("exception validation answers the spec's messages and saves nothing", kinds, async (t) => {
  const dir = await withUploadsDir(t);
  const a = await tenantAGuarantees(t);
  const admin = await t.signedIn("admin@demo.pe");
  const path = `/api/guarantee-exceptions/${a.letterPending.id}`;
  const empty = await postForm(admin, path, exceptionForm({}));
  assert.equal(empty.status, 422);
  assert.equal(empty.body.message, TITLE);
  assert.deepEqual(empty.body.data.validationMessages, [
    { field: "tipoExcepcion", message: "Debe ingresar un Tipo de Excepción" },
    { field: "importe", message: "Debe ingresar un Importe" },
    { field: "motivo", message: "Debe ingresar un Motivo" },
    { field: "fechaLimite", message: "Debe ingresar una Fecha de Vencimiento" },
    { field: "moneda", message: "Debe ingresar una Moneda" },
    { field: "sustento", message: "Debe subir un archivo de sustento para la excepción" },
  ]);
  const ecf = await postForm(admin, path, exceptionForm({ ...valid, tipoExcepcion: "ECF" }, msg()));
  assert.deepEqual(ecf.body.data.validationMessages, [
    { field: "numfactura", message: "Debe ingresar el número de factura" },
  ]);
  const pdf = await postForm(admin, path, exceptionForm(valid, fileOf(SAMPLES.pdf(), "sustento.pdf")));
  assert.deepEqual(pdf.body.data.validationMessages, [{ field: "sustento", message: FILE_TYPE_MSG }]);
  const lying = await postForm(admin, path, exceptionForm(valid, fileOf(SAMPLES.xls(), "sustento.msg")));
  // Named .msg but not one: the file is not what its name says (issue 38), not a type refused.
  assert.deepEqual(lying.body.data.validationMessages, [
    { field: "sustento", message: "El archivo no es un correo .msg válido." },
  ]);
  // A cash exception type does not fit... a cash one fits a letter: CFZ (a letter instead of cash) does not.
  const cfz = await postForm(admin, path, exceptionForm({ ...valid, tipoExcepcion: "CFZ" }, msg()));
  assert.equal(cfz.status, 409);
  assert.equal(cfz.body.message, "El tipo de excepción no corresponde al tipo de garantía.");
  assert.equal(
    (await t.db.query("select 1 from guarantee_exceptions where detail_id = $1", [a.letterPending.id]))
      .length,
    0,
  );
  assert.deepEqual(await storedFiles(dir), []);
  // Not while the guarantee is in review; not by a tenant.
  const inReview = await postForm(
    admin,
    `/api/guarantee-exceptions/${a.cashInReview.id}`,
    exceptionForm(valid, msg()),
  );
  assert.equal(inReview.status, 409);
  const tenant = await t.signedIn("tenant@demo.pe");
  assert.equal((await postForm(tenant, path, exceptionForm(valid, msg()))).body.errorId, 600);
});

forEachDb(
  "an exception is registered, reviewed by collections and shown on the guarantee",
  kinds,
  async (t) => {
    const dir = await withUploadsDir(t);
    const a = await tenantAGuarantees(t);
    const id = a.letterPending.id;
    const admin = await t.signedIn("admin@demo.pe");
    const saved = await postForm(admin, `/api/guarantee-exceptions/${id}`, exceptionForm(valid, msg()));
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.body.message, "INFORMACIÓN: La Excepción se ha guardado exitosamente.");
    const excId = saved.body.data.id_garantia_excepcion;
    assert.equal((await storedFiles(dir)).length, 1);
    const registrar = (await admin.get("/api/guarantee-exceptions")).body.data.table;
    assert.equal(
      registrar.find((r: { id_garantia_detalle: number }) => r.id_garantia_detalle === id).modo,
      "registro",
    );

    // While the exception is in review the tenant may not update the guarantee.
    const tenant = await t.signedIn("tenant@demo.pe");
    const blocked = (await tenant.get(`/api/guarantees/${id}`)).body.data;
    assert.equal(blocked.acciones.editMode, null);
    assert.equal(blocked.excepcion.codigo_estado_excepcion, "ING");

    const te = await t.signedIn("tesoreria@demo.pe");
    const teTry = await te.post(`/api/guarantee-exceptions/${id}/review`, {
      version: await guaranteeVersion(t, id),
      estado: "APR",
    });
    assert.equal(teTry.body.message, "Esta excepción no requiere la revisión de Tesorería.");
    const adminTry = await admin.post(`/api/guarantee-exceptions/${id}/review`, {
      version: await guaranteeVersion(t, id),
      estado: "APR",
    });
    assert.equal(adminTry.status, 403);
    const co = await t.signedIn("cobranza@demo.pe");
    const pending = (await co.get("/api/guarantee-exceptions")).body.data.table;
    const row = pending.find((r: { id_garantia_detalle: number }) => r.id_garantia_detalle === id);
    assert.equal(row.pendiente_revision, true);
    const reviewed = await co.post(`/api/guarantee-exceptions/${id}/review`, {
      version: await guaranteeVersion(t, id),
      estado: "APR",
    });
    assert.equal(reviewed.status, 200, reviewed.text);
    assert.equal(reviewed.body.message, "Guardado Exitoso: Se guardo la Revisión de la excepción.");
    assert.equal(reviewed.body.data.state, "APR");
    const twice = await co.post(`/api/guarantee-exceptions/${id}/review`, {
      version: await guaranteeVersion(t, id),
      estado: "REC",
    });
    assert.equal(twice.status, 409);

    const shown = (await tenant.get(`/api/guarantees/${id}`)).body.data;
    assert.equal(shown.detalle_garantia.is_excepcion, true);
    assert.equal(shown.excepcion.nombre_tipo_excepcion, "Carta Fianza en Emisión");
    assert.equal(shown.excepcion.codigo_estado_cobranza, "APR");
    assert.equal(shown.excepcion.usuario_revisor_cobranza, "cobranza@demo.pe");
    assert.equal(shown.excepcion.file_name_adjunto, "Aprobacion gerencia.msg");
    // With the exception approved the main fields are locked and a review needs only collections.
    assert.equal(shown.acciones.editMode, "exception");
    assert.equal(shown.detalle_garantia.aplica_tesoreria, false);
    assert.equal((await tenant.post(`/api/guarantees/${id}/send`)).status, 200);
    assert.deepEqual(await auditActions(t, "guarantee_exception", excId), [
      "guarantee.exception_register",
      "guarantee.exception_review",
    ]);
    // Approved and the guarantee in review: it can be neither changed nor deleted.
    const del = await admin.del(`/api/guarantee-exceptions/${id}`);
    assert.equal(del.status, 409);
  },
);

forEachDb(
  "a rejected exception is updated and re-reviewed; a reviewer does not review its own; delete",
  kinds,
  async (t) => {
    await withUploadsDir(t);
    const a = await tenantAGuarantees(t);
    const id = a.letterPending.id;
    const co = await t.signedIn("cobranza@demo.pe");
    const own = await postForm(co, `/api/guarantee-exceptions/${id}`, exceptionForm(valid, msg()));
    assert.equal(own.status, 200, own.text);
    const self = await co.post(`/api/guarantee-exceptions/${id}/review`, {
      version: await guaranteeVersion(t, id),
      estado: "APR",
    });
    assert.equal(self.body.message, "No puede revisar una excepción que usted registró.");
    const admin = await t.signedIn("admin@demo.pe");
    assert.equal((await admin.del(`/api/guarantee-exceptions/${id}`)).body.data.messageId, 301);
    assert.equal(
      (await postForm(admin, `/api/guarantee-exceptions/${id}`, exceptionForm(valid, msg()))).status,
      200,
    );
    const rej = await co.post(`/api/guarantee-exceptions/${id}/review`, {
      version: await guaranteeVersion(t, id),
      estado: "REC",
    });
    assert.equal(rej.body.data.state, "REC");
    // An update of a rejected exception sends it back to INGRESADO and keeps the stored support.
    const upd = await postForm(
      admin,
      `/api/guarantee-exceptions/${id}`,
      exceptionForm({ ...valid, importe: "9000" }),
    );
    assert.equal(upd.status, 200, upd.text);
    const [e] = await t.db.query<
      { importe: number; support_file_id: string; state_code: string; co_state: null }
    >(
      "select importe, support_file_id, state_code, co_state from guarantee_exceptions where detail_id = $1",
      [id],
    );
    assert.deepEqual({ ...e, support_file_id: !!e.support_file_id }, {
      importe: 9000,
      support_file_id: true,
      state_code: "ING",
      co_state: null,
    });
    assert.equal(
      (await co.post(`/api/guarantee-exceptions/${id}/review`, {
        version: await guaranteeVersion(t, id),
        estado: "REC",
      })).body.data.state,
      "REC",
    );
    const view = (await admin.get(`/api/guarantee-exceptions/${id}`)).body.data;
    assert.equal(view.excepcion.codigo_estado_excepcion, "REC");
    assert.deepEqual(view.tipos_excepcion.map((x: { code: string }) => x.code), ["CFE", "ECF", "EFE"]);
    const again = await postForm(
      admin,
      `/api/guarantee-exceptions/${id}`,
      exceptionForm({ ...valid, tipoExcepcion: "EFE" }),
    );
    assert.equal(again.status, 200);
    const removed = await admin.del(`/api/guarantee-exceptions/${id}`);
    assert.equal(removed.body.data.messageId, 301);
    assert.equal(
      (await t.db.query("select 1 from guarantee_exceptions where detail_id = $1", [id])).length,
      0,
    );
    assert.equal((await admin.del(`/api/guarantee-exceptions/${id}`)).status, 409);
  },
);
