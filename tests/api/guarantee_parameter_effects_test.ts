// The three parameters of /configuracion-garantias that act on the reviews and the letters' mails: each test
// flips one through the screen's call and sees the behaviour change.
import assert from "node:assert/strict";
import { type Client, forEachDb, lastMail, type TestApp } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { guaranteeVersion, tenantAGuarantees } from "../helpers/guarantees.ts";

const kinds = await dbKinds();

/** Saves a parameter the way the screen does: found by its name, PUT {codigo, value}. */
async function setParameter(admin: Client, nombre: string, value: string) {
  const list = (await admin.get("/api/guarantee-parameters")).body.data.table;
  const p = list.find((x: { nombre: string }) => x.nombre === nombre);
  assert.ok(p, nombre);
  const r = await admin.put("/api/guarantee-parameters", { codigo: p.codigo, value, version: p.version });
  assert.equal(r.status, 200, r.text);
}

/** tenant@'s new letter, sent to review, with its contract requiring `required`. */
async function letterInReview(t: TestApp, required: number) {
  const a = await tenantAGuarantees(t);
  const id = a.letterNew.id;
  const tenant = await t.signedIn("tenant@demo.pe");
  assert.equal((await tenant.post(`/api/guarantees/${id}/send`)).status, 200);
  const [d] = await t.db.query<{ importe: number }>("select importe from guarantee_details where id = $1", [
    id,
  ]);
  await t.db.query(
    "update contracts set guarantee_required = $2 where id = (select contract_id from guarantees g join guarantee_details d on d.guarantee_id = g.id where d.id = $1)",
    [id, required],
  );
  return { id, importe: Number(d.importe) };
}

forEachDb(
  "'Tolerancia del importe': the review's amount check against the contract's amount",
  kinds,
  async (t) => {
    const admin = await t.signedIn("admin@demo.pe");
    // The letter's amount is 4 % short of what its contract requires.
    const probe = await tenantAGuarantees(t);
    const [{ importe }] = await t.db.query<{ importe: number }>(
      "select importe from guarantee_details where id = $1",
      [probe.letterNew.id],
    );
    const required = Math.round(Number(importe) / 0.96 * 100) / 100;
    const { id } = await letterInReview(t, required);
    const co = await t.signedIn("cobranza@demo.pe");

    await setParameter(admin, "Tolerancia del importe de la carta fianza (%)", "2");
    const strict = (await co.get(`/api/guarantees/${id}`)).body.data.revision.importe;
    assert.equal(strict.requerido, required);
    assert.equal(strict.tolerancia, 2);
    assert.equal(strict.cumple, false);
    const refused = await co.post(`/api/guarantees/${id}/review`, {
      version: await guaranteeVersion(t, id),
      options: { OK: true },
    });
    assert.equal(refused.status, 422);
    assert.match(
      refused.body.message,
      /^El importe es menor al mínimo que acepta el contrato: S\/ [\d,]+\.\d\d \(S\/ [\d,]+\.\d\d menos la tolerancia de 2 %\)\. Marque el error en el importe\.$/,
    );
    const [kept] = await t.db.query<{ n: number }>(
      "select count(*)::int as n from guarantee_reviews where detail_id = $1 and kind = 'CO'",
      [id],
    );
    assert.equal(kept.n, 0, "a refused review stores nothing");

    await setParameter(admin, "Tolerancia del importe de la carta fianza (%)", "5");
    const loose = (await co.get(`/api/guarantees/${id}`)).body.data.revision.importe;
    assert.equal(loose.cumple, true);
    const approved = await co.post(`/api/guarantees/${id}/review`, {
      version: await guaranteeVersion(t, id),
      options: { OK: true },
    });
    assert.equal(approved.status, 200, approved.text);

    // A contract without a required amount checks nothing.
    await t.db.query("update contracts set guarantee_required = null");
    assert.equal((await co.get(`/api/guarantees/${id}`)).body.data.revision.importe, null);
  },
);

forEachDb(
  "'Permitir la validación … con el banco': off, neither the action nor the option",
  kinds,
  async (t) => {
    const admin = await t.signedIn("admin@demo.pe");
    const a = await tenantAGuarantees(t);
    const id = a.letterNew.id;
    const co = await t.signedIn("cobranza@demo.pe");
    const NAME = "Permitir la validación de cartas fianza con el banco";

    await setParameter(admin, NAME, "0");
    assert.equal((await co.get(`/api/guarantees/${id}`)).body.data.acciones.bankValidation, false);
    const off = await co.post(`/api/guarantees/${id}/bank-validation`);
    assert.equal(off.status, 409);
    assert.equal(
      off.body.message,
      "La validación de cartas fianza con el banco está desactivada en la Configuración de Garantías.",
    );
    // Treasury's option that mails the bank is neither offered nor taken.
    const tenant = await t.signedIn("tenant@demo.pe");
    assert.equal((await tenant.post(`/api/guarantees/${id}/send`)).status, 200);
    const te = await t.signedIn("tesoreria@demo.pe");
    const teView = (await te.get(`/api/guarantees/${id}`)).body.data;
    assert.ok(
      !teView.revision.opciones.some((o: { label: string }) => o.label === "Enviar correo de validación"),
    );
    const ticked = await te.post(`/api/guarantees/${id}/review`, {
      version: await guaranteeVersion(t, id),
      options: { TE_CORREO_VALIDACION: true },
    });
    assert.equal(ticked.status, 422);
    const mails = async () =>
      (await t.db.query<{ n: number }>(
        "select count(*)::int as n from mail_outbox where to_address = 'validacion.cartasfianza@bcp.demo.pe'",
      ))[0].n;
    assert.equal(await mails(), 0);

    await setParameter(admin, NAME, "1");
    assert.equal((await co.get(`/api/guarantees/${id}`)).body.data.acciones.bankValidation, true);
    assert.ok(
      (await te.get(`/api/guarantees/${id}`)).body.data.revision.opciones.some((o: { label: string }) =>
        o.label === "Enviar correo de validación"
      ),
    );
    const on = await co.post(`/api/guarantees/${id}/bank-validation`);
    assert.equal(on.status, 200, on.text);
    assert.equal(await mails(), 1);
  },
);

forEachDb(
  "'Correo que recibe copia de las cartas': the letters' mails copied there, or not",
  kinds,
  async (t) => {
    const admin = await t.signedIn("admin@demo.pe");
    const a = await tenantAGuarantees(t);
    const co = await t.signedIn("cobranza@demo.pe");
    const NAME = "Correo que recibe copia de las cartas";
    const copies = async (to: string) =>
      (await t.db.query<{ n: number }>(
        "select count(*)::int as n from mail_outbox where to_address = $1 and subject like 'Validación de Carta Fianza%'",
        [to],
      ))[0].n;

    await setParameter(admin, NAME, "archivo.cartas@portal.pe");
    assert.equal((await co.post(`/api/guarantees/${a.letterNew.id}/bank-validation`)).status, 200);
    const copy = await lastMail(t.db, "archivo.cartas@portal.pe");
    const original = await lastMail(t.db, "validacion.cartasfianza@bcp.demo.pe");
    assert.equal(copy.subject, original.subject);
    assert.equal(
      copy.body_text,
      `Copia del correo enviado a validacion.cartasfianza@bcp.demo.pe.\n\n${original.body_text}`,
    );
    // The mailbox staff read lists it.
    const box: { to: string }[] = (await admin.get("/api/admin/mailbox")).body.data.table;
    assert.ok(box.some((m) => m.to === "archivo.cartas@portal.pe"), "the copy is in 'Buzón de correo'");

    // A notarial letter's mail to the notary is copied too.
    const te = await t.signedIn("tesoreria@demo.pe");
    const [expiring] = (await te.get("/api/guarantee-requirements/expiring")).body.data.table;
    const generated = await te.post("/api/guarantee-requirements/generate", {
      garantias: [expiring.id_garantia_detalle],
    });
    assert.equal(generated.status, 200, generated.text);
    const nro = generated.body.data.cartas[0].nro_carta;
    const notarial = await lastMail(t.db, "archivo.cartas@portal.pe");
    assert.match(notarial.subject, new RegExp(`^Carta notarial ${nro} - `));
    assert.match(notarial.body_text, /^Copia del correo enviado a cartas\.notariales@notaria\.demo\.pe\./);

    // Emptied: no copy any more; a text that is no e-mail is refused.
    await setParameter(admin, NAME, "");
    assert.equal((await co.post(`/api/guarantees/${a.letterNew.id}/bank-validation`)).status, 200);
    assert.equal(await copies("archivo.cartas@portal.pe"), 1);
    const list = (await admin.get("/api/guarantee-parameters")).body.data.table;
    const p = list.find((x: { nombre: string }) => x.nombre === NAME);
    const bad = await admin.put("/api/guarantee-parameters", {
      codigo: p.codigo,
      value: "no es un correo",
      version: p.version,
    });
    assert.equal(bad.status, 422);
    assert.equal(bad.body.message, "Ingresar un correo electrónico válido.");
  },
);
