// Requerimiento de CF: 'Generar' (allowed, refused by state, refused by role, audited, a real PDF naming the
// letters), 'Registrar Retorno de Carta' and the notarial configuration's messages (spec 3 sections 4, 5, 7).
import assert from "node:assert/strict";
import { limaDate } from "../../services/clock.ts";
import { forEachDb, type TestApp } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { auditActions, tenantAGuarantees } from "../helpers/guarantees.ts";
import { pdfText } from "../helpers/pdf.ts";
import { nameOf, refusedBy, VERSION_MISSING } from "../helpers/stale.ts";

const kinds = await dbKinds();

const FORBIDDEN = "El usuario no cuenta con los permisos necesarios.";
// The spec's texts (spec 3 section 5).
const WARNING = "Advertencia! Se encontraron errores en la validación";
const ONE_EMAIL = "Debe ingresar al menos un correo";
const FEWER =
  "Ha marcado menos de dos checks o no ha marcado ningun check. Debe marcar exactamente dos checks";
const MORE = "Ha marcado mas de dos checks. Debe marcar exactamente dos checks";
const SIGNER = "Debe ingresar el nombre del firmante";

async function detail(t: TestApp, id: number) {
  const [d] = await t.db.query<
    { state_code: string; is_requerida: boolean; nro_carta_fianza: string; bank_id: number }
  >("select state_code, is_requerida, nro_carta_fianza, bank_id from guarantee_details where id = $1", [id]);
  return d;
}

/** Another approved letter of a contract in force, made to expire in 10 days at another bank than `bankId`. */
async function expiringAtOtherBank(t: TestApp, mine: number, bankId: number) {
  const [o] = await t.db.query<{ id: number; nro_carta_fianza: string }>(
    `select d.id, d.nro_carta_fianza from guarantee_details d join guarantees g on g.id = d.guarantee_id
       join contracts c on c.id = g.contract_id left join guarantee_exceptions e on e.detail_id = d.id
      where d.type_code = 'GAR1' and d.state_code = 'IOK' and not d.is_renovada and e.id is null
        and d.nro_carta_fianza is not null and c.end_date >= current_date + 30 and d.id <> $1
      order by d.id limit 1`,
    [mine],
  );
  await t.db.query(
    `update guarantee_details set bank_id = $2, fecha_vencimiento = current_date + 10, is_requerida = false
      where id = $1`,
    [o.id, bankId === 1 ? 3 : 1],
  );
  return { id_garantia_detalle: o.id, nro_carta_fianza: o.nro_carta_fianza };
}

forEachDb(
  "Generar: one notarial PDF per bank naming its letters; the letters go En Requerimiento, once",
  kinds,
  async (t) => {
    const a = await tenantAGuarantees(t);
    const id = a.letterApproved.id;
    const before = await detail(t, id);
    assert.equal(before.state_code, "IOK");
    const te = await t.signedIn("tesoreria@demo.pe");
    const expiring = (await te.get("/api/guarantee-requirements/expiring")).body.data.table;
    const mine = expiring.find((r: { id_garantia_detalle: number }) => r.id_garantia_detalle === id);
    assert.ok(mine, "tenant@'s approved letter in its renewal window is offered");
    assert.equal(mine.nro_carta_fianza, before.nro_carta_fianza);
    const other = await expiringAtOtherBank(t, id, before.bank_id);

    // Refused by role: the collections reviewer and the tenant; nothing written.
    for (const email of ["cobranza@demo.pe", "tenant@demo.pe"]) {
      const c = await t.signedIn(email);
      const r = await c.post("/api/guarantee-requirements/generate", { garantias: [id] });
      assert.equal(r.status, 403);
      assert.equal(r.body.message, FORBIDDEN);
    }
    // Nothing selected.
    const none = await te.post("/api/guarantee-requirements/generate", { garantias: [] });
    assert.equal(none.status, 422);
    assert.equal(none.body.data.garantias, "Debe seleccionar al menos una carta fianza.");
    // Refused by state: a letter Ingresada, and all or nothing (the good one is not required either).
    const early = await te.post("/api/guarantee-requirements/generate", { garantias: [id, a.letterNew.id] });
    assert.equal(early.status, 409);
    assert.equal(early.body.message, "Solo se requiere una carta fianza Aprobada (está Ingresado).");
    assert.equal((await detail(t, id)).is_requerida, false);
    assert.deepEqual(await auditActions(t, "guarantee_detail", id), []);

    const r = await te.post("/api/guarantee-requirements/generate", {
      garantias: [id, other.id_garantia_detalle],
    });
    assert.equal(r.status, 200);
    assert.equal(r.body.message, "Cartas Generadas: Se generaron 2 cartas notariales de requerimiento.");
    const cartas = r.body.data.cartas as { id_carta: number; nro_carta: string; cartas_fianza: string[] }[];
    assert.equal(cartas.length, 2);
    const ours = cartas.find((c) => c.cartas_fianza.includes(before.nro_carta_fianza))!;
    assert.deepEqual(ours.cartas_fianza, [before.nro_carta_fianza]);
    assert.match(ours.nro_carta, /^CR-\d{4}-\d{5}$/);

    const after = await detail(t, id);
    assert.equal(after.state_code, "REQ");
    assert.equal(after.is_requerida, true);
    assert.deepEqual(await auditActions(t, "guarantee_detail", id), ["guarantee.require"]);
    assert.equal((await detail(t, other.id_garantia_detalle)).is_requerida, true);

    // The PDF: a valid PDF (pdf-lib reads it back) whose text names the letter, the bank and the signers.
    const res = await t.app.request(`/api/guarantee-requirements/letters/${ours.id_carta}/pdf`, {
      headers: { cookie: te.cookie! },
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "application/pdf");
    assert.match(res.headers.get("content-disposition")!, /^attachment;/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    assert.equal(new TextDecoder().decode(bytes.slice(0, 5)), "%PDF-");
    const text = await pdfText(bytes);
    assert.ok(text.includes(`CARTA NOTARIAL N.° ${ours.nro_carta}`), text);
    assert.ok(text.includes(before.nro_carta_fianza), text);
    assert.ok(text.includes("BBVA Perú"), text);
    assert.ok(text.includes("Centros Comerciales del Perú S.A."), text);
    assert.ok(text.includes("María Fernanda Salas Prado") && text.includes("Jorge Quispe Huamán"), text);
    assert.ok(!text.includes(other.nro_carta_fianza), "each bank's letter names only its letters");

    // Once: it leaves the grid and a second generation is refused.
    const left = (await te.get("/api/guarantee-requirements/expiring")).body.data.table;
    assert.ok(!left.some((x: { id_garantia_detalle: number }) => x.id_garantia_detalle === id));
    const again = await te.post("/api/guarantee-requirements/generate", { garantias: [id] });
    assert.equal(again.status, 409);
    assert.equal(again.body.message, "La carta fianza ya fue requerida.");
    const letters = (await te.get("/api/guarantee-requirements/letters")).body.data.table;
    assert.equal(letters.filter((l: { nro_carta: string }) => l.nro_carta === ours.nro_carta).length, 1);
    // The notary got a mail per letter.
    const [mail] = await t.db.query<{ subject: string }>(
      "select subject from mail_outbox where to_address = 'cartas.notariales@notaria.demo.pe' and subject like $1",
      [`Carta notarial ${ours.nro_carta}%`],
    );
    assert.ok(mail);
  },
);

forEachDb("Registrar Retorno de Carta: date and state required, audited; the semaphore", kinds, async (t) => {
  const a = await tenantAGuarantees(t);
  const te = await t.signedIn("tesoreria@demo.pe");
  const r = await te.post("/api/guarantee-requirements/generate", { garantias: [a.letterApproved.id] });
  const letter = r.body.data.cartas[0];
  const today = limaDate(t.clock());
  const path = `/api/guarantee-requirements/letters/${letter.id_carta}/delivery`;

  const states = (await te.get("/api/guarantee-requirements/delivery-states")).body.data;
  assert.deepEqual(
    states.map((s: { codigo: string; semaforo_color: string }) => [s.codigo, s.semaforo_color]),
    [["ING", "gris"], ["PEN", "gris"], ["APR", "verde"], ["REC", "rojo"]],
  );
  const empty = await te.put(path, {});
  assert.equal(empty.status, 422);
  assert.equal(empty.body.data.fecha_entrega, "Debe ingresar la fecha de entrega.");
  assert.equal(empty.body.data.codigo_estado_entrega, "Debe seleccionar el estado de entrega.");
  assert.equal(empty.body.data.version, VERSION_MISSING);
  assert.equal(letter.version, 0, "a letter never delivered");
  const future = await te.put(path, {
    fecha_entrega: "2999-01-01",
    codigo_estado_entrega: "APR",
    version: 0,
  });
  assert.equal(future.status, 422);
  const cobranza = await t.signedIn("cobranza@demo.pe");
  assert.equal(
    (await cobranza.put(path, { fecha_entrega: today, codigo_estado_entrega: "APR", version: 0 })).status,
    403,
  );
  assert.deepEqual(await auditActions(t, "requirement_letter", letter.id_carta), []);

  const tabB = await t.signedIn("tesoreria@demo.pe"); // read the list too, before the delivery below
  const listed = (await tabB.get("/api/guarantee-requirements/letters")).body.data.table
    .find((l: { id_carta: number }) => l.id_carta === letter.id_carta);
  assert.equal(listed.version, 0);
  const saved = await te.put(path, { fecha_entrega: today, codigo_estado_entrega: "APR", version: 0 });
  assert.equal(saved.status, 200);
  assert.equal(saved.body.message, "Se registró el retorno de la carta.");
  assert.equal(saved.body.data.semaforo_color, "verde");
  assert.equal(saved.body.data.fecha_entrega, today);
  assert.deepEqual(await auditActions(t, "requirement_letter", letter.id_carta), [
    "guarantee.requirement_delivery",
  ]);
  // Stale edits (issue 38): the second tab's delivery over the first is refused, naming who; nothing changes.
  const late = await tabB.put(path, { fecha_entrega: today, codigo_estado_entrega: "REC", version: 0 });
  refusedBy(late, await nameOf(t, "tesoreria@demo.pe"));
  assert.equal(late.body.data.version, saved.body.data.version);
  assert.deepEqual(await auditActions(t, "requirement_letter", letter.id_carta), [
    "guarantee.requirement_delivery",
  ]);
  const again = await tabB.put(path, {
    fecha_entrega: today,
    codigo_estado_entrega: "REC",
    version: late.body.data.version,
  });
  assert.equal(again.status, 200, again.text);
  assert.equal(again.body.data.semaforo_color, "rojo");
  assert.equal(
    (await te.put("/api/guarantee-requirements/letters/999999/delivery", {
      fecha_entrega: today,
      codigo_estado_entrega: "REC",
      version: 0,
    })).status,
    404,
  );
});

forEachDb(
  "notarial configuration: the spec's messages under the warning, and a good save",
  kinds,
  async (t) => {
    const te = await t.signedIn("tesoreria@demo.pe");
    const config = (await te.get("/api/guarantee-requirements/config")).body.data;
    assert.deepEqual(config.malls_configuracion.map((m: { nombre: string }) => m.nombre), [
      "Arequipa",
      "Chiclayo",
      "Iquitos",
    ]);
    const pick = (list: { codigo: string }[], codes: string[]) =>
      list.map((f) => ({ codigo: f.codigo, incluido: codes.includes(f.codigo) }));
    const good = {
      email_notaria: ["notaria@demo.pe"],
      firmantes_firma_virtual: pick(config.firmantes_firma_virtual, ["GG", "LEG"]),
      firmantes_firma_fisica: pick(config.firmantes_firma_fisica, ["GAF", "TES"]),
      datos_mall_provincia: config.malls_configuracion.map((
        m: { codigo: number; nombre_to_carta: string },
      ) => ({
        codigo_mall: m.codigo,
        email: ["mall@demo.pe"],
        nombre: m.nombre_to_carta,
      })),
      version: config.version,
    };
    const bad = await te.put("/api/guarantee-requirements/config", {
      ...good,
      email_notaria: [],
      firmantes_firma_virtual: pick(config.firmantes_firma_virtual, ["GG"]),
      firmantes_firma_fisica: pick(config.firmantes_firma_fisica, ["GG", "GAF", "TES"]),
      datos_mall_provincia: [{ codigo_mall: 2, email: [], nombre: " " }],
    });
    assert.equal(bad.status, 422);
    assert.equal(bad.body.message, WARNING);
    assert.deepEqual(bad.body.data.validationMessages, [
      `Correos de la notaría: ${ONE_EMAIL}`,
      `Firma virtual: ${FEWER}`,
      `Firma física: ${MORE}`,
      `Arequipa: ${ONE_EMAIL}`,
      `Arequipa: ${SIGNER}`,
    ]);
    const none = await te.put("/api/guarantee-requirements/config", {
      ...good,
      firmantes_firma_virtual: pick(config.firmantes_firma_virtual, []),
    });
    assert.deepEqual(none.body.data.validationMessages, [`Firma virtual: ${FEWER}`]);
    const cobranza = await t.signedIn("cobranza@demo.pe");
    assert.equal((await cobranza.put("/api/guarantee-requirements/config", good)).status, 403);

    const saved = await te.put("/api/guarantee-requirements/config", good);
    assert.equal(saved.status, 200);
    assert.deepEqual(
      saved.body.data.firmantes_firma_virtual.filter((f: { incluido: boolean }) => f.incluido)
        .map((f: { codigo: string }) => f.codigo),
      ["GG", "LEG"],
    );
    assert.deepEqual(saved.body.data.emails_notaria, ["notaria@demo.pe"]);
    const [kind] = await t.db.query<{ k: string }>(
      "select jsonb_typeof(value) as k from settings where key = 'garantiasCorreosNotaria'",
    );
    assert.equal(kind.k, "array");
    const [row] = await t.db.query<{ n: number }>(
      "select count(*)::int as n from audit_log where action = 'guarantee.notarial_config'",
    );
    assert.equal(row.n, 1);
  },
);

forEachDb("a letter of a contract that has ended is neither offered nor required", kinds, async (t) => {
  const a = await tenantAGuarantees(t);
  const id = a.letterApproved.id;
  await t.db.query(
    `update contracts set end_date = current_date - 400
      where id = (select g.contract_id from guarantee_details d join guarantees g on g.id = d.guarantee_id
                   where d.id = $1)`,
    [id],
  );
  const te = await t.signedIn("tesoreria@demo.pe");
  const rows = (await te.get("/api/guarantee-requirements/expiring")).body.data.table;
  assert.ok(!rows.some((r: { id_garantia_detalle: number }) => r.id_garantia_detalle === id));
  const r = await te.post("/api/guarantee-requirements/generate", { garantias: [id] });
  assert.equal(r.status, 409);
  assert.equal(r.body.message, "El contrato de la carta fianza ya terminó: no se requiere su renovación.");
  assert.deepEqual(await auditActions(t, "guarantee_detail", id), []);
});
