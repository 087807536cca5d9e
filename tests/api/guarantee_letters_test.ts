// The flag-rule actions of a required letter on its detail (spec 3 sections 4, 5, 8): allowed, refused by
// state, refused by role, audited, with the spec's success texts; the letters are PDFs naming the letter.
import assert from "node:assert/strict";
import { forEachDb, type TestApp } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import {
  auditActions,
  fileOf,
  guaranteeVersion,
  postForm,
  SAMPLES,
  storedFiles,
  tenantAGuarantees,
  withUploadsDir,
} from "../helpers/guarantees.ts";
import { pdfText } from "../helpers/pdf.ts";
import { nameOf, refusedBy, VERSION_MISSING } from "../helpers/stale.ts";

const kinds = await dbKinds();
const FORBIDDEN = "El usuario no cuenta con los permisos necesarios.";

const base = (id: number) => `/api/guarantee-letters/${id}`;

async function pdfOf(t: TestApp, cookie: string, url: string): Promise<string> {
  const res = await t.app.request(url, { headers: { cookie } });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "application/pdf");
  const bytes = new Uint8Array(await res.arrayBuffer());
  assert.equal(new TextDecoder().decode(bytes.slice(0, 5)), "%PDF-");
  return await pdfText(bytes);
}

forEachDb(
  "a required letter: prórroga, execution letter, its delivery and cheque, desistimiento",
  kinds,
  async (t) => {
    const a = await tenantAGuarantees(t);
    const id = a.letterApproved.id;
    const te = await t.signedIn("tesoreria@demo.pe");
    const cobranza = await t.signedIn("cobranza@demo.pe");

    // Not required yet: refused by state; the panel offers nothing of it.
    let panel = (await te.get(base(id))).body.data;
    assert.equal(panel.acciones.desist_letter, false);
    const early = await te.post(`${base(id)}/desistimiento`);
    assert.equal(early.status, 409);
    assert.equal(early.body.message, "La carta fianza no ha sido requerida.");
    assert.equal((await te.post("/api/guarantee-requirements/generate", { garantias: [id] })).status, 200);

    panel = (await te.get(base(id))).body.data;
    assert.deepEqual(panel.acciones, {
      desist_letter: true,
      extend: true,
      execution_letter: false,
      execution_delivery: false,
      cheque: false,
      desist_delivery: false,
      delivery_moment: false,
    });
    // Refused by role.
    for (const path of ["/prorroga", "/ejecucion", "/desistimiento"]) {
      const r = await cobranza.post(`${base(id)}${path}`);
      assert.equal(r.status, 403);
      assert.equal(r.body.message, FORBIDDEN);
    }
    // Execution only after the letter's expiry.
    const tooSoon = await te.post(`${base(id)}/ejecucion`);
    assert.equal(tooSoon.status, 409);
    assert.equal(
      tooSoon.body.message,
      "La Carta de Ejecución se genera después del vencimiento de la carta fianza.",
    );

    const extended = await te.post(`${base(id)}/prorroga`);
    assert.equal(extended.status, 200);
    assert.equal(extended.body.message, "La prórroga fue habilitada exitosamente.");
    const [d] = await t.db.query<{ fecha_vencimiento: string; fecha_vencimiento_prorroga: string }>(
      "select fecha_vencimiento, fecha_vencimiento_prorroga from guarantee_details where id = $1",
      [id],
    );
    const plus30 = new Date(Date.parse(`${d.fecha_vencimiento}T00:00:00Z`) + 30 * 86_400_000).toISOString()
      .slice(0, 10);
    assert.equal(d.fecha_vencimiento_prorroga, plus30);
    const twice = await te.post(`${base(id)}/prorroga`);
    assert.equal(twice.status, 409);
    assert.equal(twice.body.message, "La prórroga ya fue habilitada.");

    // Both dates behind us: the execution letter.
    await t.db.query(
      `update guarantee_details set fecha_emision = current_date - 400, fecha_vencimiento = current_date - 40,
              fecha_vencimiento_prorroga = current_date - 10 where id = $1`,
      [id],
    );
    const noLetter = await te.put(`${base(id)}/cheque`, {
      version: await guaranteeVersion(t, id),
      id_banco_cheque: 1,
      nro_cheque: "123",
      fecha_ingreso_cheque: "2026-01-05",
    });
    assert.equal(noLetter.status, 409);
    assert.equal(noLetter.body.message, "La carta fianza no tiene Carta de Ejecución.");
    const exec = await te.post(`${base(id)}/ejecucion`);
    assert.equal(exec.status, 200);
    assert.equal(exec.body.message, "La Carta de Ejecución ha sido generada exitosamente.");
    assert.match(exec.body.data.nro_carta, /^CE-\d{4}-\d{5}$/);
    const [nro] = await t.db.query<{ nro_carta_fianza: string; is_ejecutada: boolean }>(
      "select nro_carta_fianza, is_ejecutada from guarantee_details where id = $1",
      [id],
    );
    assert.equal(nro.is_ejecutada, true);
    const pdf = await pdfOf(t, te.cookie!, exec.body.data.url);
    assert.ok(pdf.includes(`CARTA DE EJECUCIÓN N.° ${exec.body.data.nro_carta}`), pdf);
    assert.ok(pdf.includes(`Carta fianza: ${nro.nro_carta_fianza}`), pdf);
    assert.equal((await te.post(`${base(id)}/ejecucion`)).status, 409);

    // Cheque: bank, digits-only number, date.
    const bad = await te.put(`${base(id)}/cheque`, { nro_cheque: "12-3" });
    assert.equal(bad.status, 422);
    assert.equal(bad.body.data.id_banco_cheque, "Debe seleccionar el banco.");
    assert.equal(bad.body.data.nro_cheque, "El número de cheque solo admite dígitos.");
    assert.equal(bad.body.data.fecha_ingreso_cheque, "Debe ingresar la fecha del cheque.");
    const cheque = await te.put(`${base(id)}/cheque`, {
      version: await guaranteeVersion(t, id),
      id_banco_cheque: 2,
      nro_cheque: "00451234",
      fecha_ingreso_cheque: "2026-01-05",
    });
    assert.equal(cheque.status, 200);
    assert.equal(cheque.body.message, "Se registró el cheque.");

    // The execution letter's delivery; the desistimiento letter and its delivery.
    const today = new Date(t.clock().getTime() - 5 * 3_600_000).toISOString().slice(0, 10);
    const delivered = await te.put(`${base(id)}/ejecucion/entrega`, {
      version: await guaranteeVersion(t, id),
      fecha_entrega: today,
      codigo_estado_entrega: "APR",
    });
    assert.equal(delivered.status, 200);
    assert.equal(delivered.body.data.semaforo_color, "verde");
    const noDesist = await te.put(`${base(id)}/desistimiento/entrega`, {
      version: await guaranteeVersion(t, id),
      fecha_entrega: today,
      codigo_estado_entrega: "PEN",
    });
    assert.equal(noDesist.status, 409);
    const desist = await te.post(`${base(id)}/desistimiento`);
    assert.equal(desist.status, 200);
    assert.equal(desist.body.message, "La Carta de Desistimiento ha sido generada exitosamente.");
    assert.equal((await te.post(`${base(id)}/desistimiento`)).status, 409);
    const desistDelivered = await te.put(`${base(id)}/desistimiento/entrega`, {
      version: await guaranteeVersion(t, id),
      fecha_entrega: today,
      codigo_estado_entrega: "REC",
    });
    assert.equal(desistDelivered.status, 200);
    assert.equal(desistDelivered.body.data.semaforo_color, "rojo");

    panel = (await te.get(base(id))).body.data;
    assert.equal(panel.cheque.nro_cheque, "00451234");
    assert.equal(panel.ejecucion.codigo_estado_entrega, "APR");
    assert.equal(panel.is_prorroga, true);
    assert.deepEqual(await auditActions(t, "guarantee_detail", id), [
      "guarantee.require",
      "guarantee.extend",
      "guarantee.execution_letter",
      "guarantee.cheque",
      "guarantee.execution_delivery",
      "guarantee.desist_letter",
      "guarantee.desist_delivery",
    ]);
  },
);

forEachDb(
  "the delivery moment: a bank letter before the collections and treasury reviews",
  kinds,
  async (t) => {
    const a = await tenantAGuarantees(t);
    const te = await t.signedIn("tesoreria@demo.pe");
    const empty = await te.put(`${base(a.letterNew.id)}/momento-entrega`, {});
    assert.equal(empty.status, 422);
    assert.equal(
      empty.body.data.codigo_momento_entrega_carta_fianza,
      "Debe seleccionar el momento de entrega.",
    );
    const ok = await te.put(`${base(a.letterNew.id)}/momento-entrega`, {
      version: await guaranteeVersion(t, a.letterNew.id),
      codigo_momento_entrega_carta_fianza: "FIR",
    });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.message, "Se registró el momento de entrega.");
    assert.deepEqual(await auditActions(t, "guarantee_detail", a.letterNew.id), [
      "guarantee.delivery_moment",
    ]);
    // Cash: refused by type; a tenant: refused (it may see its guarantee, not act on it).
    const cash = await te.put(`${base(a.cashInReview.id)}/momento-entrega`, {
      version: await guaranteeVersion(t, a.cashInReview.id),
      codigo_momento_entrega_carta_fianza: "FIR",
    });
    assert.equal(cash.status, 409);
    assert.equal(cash.body.message, "El momento de entrega solo se registra para una carta fianza.");
    const tenant = await t.signedIn("tenant@demo.pe");
    const r = await tenant.put(`${base(a.letterNew.id)}/momento-entrega`, {
      version: await guaranteeVersion(t, a.letterNew.id),
      codigo_momento_entrega_carta_fianza: "FIR",
    });
    assert.equal(r.status, 403);
    // With a collections review in the current round it is no longer offered.
    const [rev] = await t.db.query<{ id: number }>(
      `select d.id from guarantee_details d join guarantee_reviews r on r.detail_id = d.id and r.round = d.review_round
      where d.type_code = 'GAR1' and r.kind = 'CO' order by d.id limit 1`,
    );
    const reviewed = await te.put(`${base(rev.id)}/momento-entrega`, {
      version: await guaranteeVersion(t, rev.id),
      codigo_momento_entrega_carta_fianza: "ANT",
    });
    assert.equal(reviewed.status, 409);
    assert.equal(
      reviewed.body.message,
      "El momento de entrega solo se registra antes de la revisión de Cobranza y Tesorería.",
    );
  },
);

forEachDb("hostile bodies to the issue 16 writes: never a 5xx", kinds, async (t) => {
  const a = await tenantAGuarantees(t);
  const id = a.letterApproved.id;
  const te = await t.signedIn("tesoreria@demo.pe");
  const admin = await t.signedIn("admin@demo.pe");
  const junk: unknown[] = [
    null,
    "x\u0000y",
    "\uD800",
    1e308,
    -1,
    2 ** 40,
    [],
    {},
    { a: { b: [1, "2"] } },
    "9".repeat(5000),
    true,
  ];
  const calls: [typeof te, "POST" | "PUT", string, Record<string, unknown>][] = [
    [te, "POST", "/api/guarantee-requirements/generate", { garantias: [id] }],
    [te, "PUT", "/api/guarantee-requirements/letters/1/delivery", {
      fecha_entrega: "2026-01-01",
      codigo_estado_entrega: "APR",
      version: 0,
    }],
    [te, "PUT", "/api/guarantee-requirements/config", {
      email_notaria: ["a@b.pe"],
      firmantes_firma_virtual: [{ codigo: "GG", incluido: true }],
      firmantes_firma_fisica: [{ codigo: "GG", incluido: true }],
      datos_mall_provincia: [{ codigo_mall: 2, email: ["a@b.pe"], nombre: "X" }],
      version: 0,
    }],
    [te, "PUT", `/api/guarantee-letters/${id}/cheque`, {
      version: 0,
      id_banco_cheque: 1,
      nro_cheque: "1",
      fecha_ingreso_cheque: "2026-01-01",
    }],
    [te, "PUT", `/api/guarantee-letters/${id}/momento-entrega`, {
      version: 0,
      codigo_momento_entrega_carta_fianza: "FIR",
    }],
    [te, "PUT", `/api/guarantee-letters/${id}/ejecucion/entrega`, {
      version: 0,
      fecha_entrega: "2026-01-01",
      codigo_estado_entrega: "APR",
    }],
    [admin, "PUT", "/api/guarantee-parameters", {
      codigo: "0b6f3c2e-1a01-4c10-9d01-000000000012",
      value: "Lima",
      version: 0,
    }],
  ];
  for (const [client, method, path, body] of calls) {
    for (const key of Object.keys(body)) {
      for (const v of junk) {
        const r = await client.call(method, path, { ...body, [key]: v });
        assert.ok(r.status < 500, `${method} ${path} ${key}=${JSON.stringify(v)?.slice(0, 40)}: ${r.status}`);
      }
    }
  }
  for (
    const path of [
      "/api/guarantee-letters/abc",
      "/api/guarantee-letters/99999999999",
      "/api/guarantee-letters/0",
    ]
  ) {
    assert.ok((await te.get(path)).status < 500, path);
  }
});

forEachDb(
  "the delivery moment's support: checked by content, allowed like the moment, audited",
  kinds,
  async (t) => {
    const dir = await withUploadsDir(t);
    const a = await tenantAGuarantees(t);
    const te = await t.signedIn("tesoreria@demo.pe");
    const form = (bytes: Uint8Array, name: string, version?: number) => {
      const f = new FormData();
      f.set("file", fileOf(bytes, name));
      if (version !== undefined) f.set("version", String(version));
      return f;
    };
    const path = (id: number) => `/api/guarantee-delivery-support/${id}`;
    // Refused by role and by type (a cash guarantee); a renamed file; nothing stored.
    const cobranza = await t.signedIn("cobranza@demo.pe");
    assert.equal((await postForm(cobranza, path(a.letterNew.id), form(SAMPLES.pdf(), "s.pdf"))).status, 403);
    const cash = await postForm(te, path(a.cashInReview.id), form(SAMPLES.pdf(), "s.pdf"));
    assert.equal(cash.status, 409);
    const renamed = await postForm(te, path(a.letterNew.id), form(SAMPLES.png(), "foto.pdf"));
    assert.equal(renamed.status, 422);
    assert.deepEqual(await storedFiles(dir), []);

    const noVersion = await postForm(te, path(a.letterNew.id), form(SAMPLES.pdf(), "s.pdf"));
    assert.equal(noVersion.status, 422, noVersion.text);
    assert.equal(noVersion.body.message, VERSION_MISSING);
    const read = (await te.get(base(a.letterNew.id))).body.data.version;
    const r = await postForm(te, path(a.letterNew.id), form(SAMPLES.pdf(), "Cargo de entrega.pdf", read));
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.message, "Se cargó el sustento de entrega.");
    assert.equal(r.body.data.file_name, "Cargo de entrega.pdf");
    assert.equal((await storedFiles(dir)).length, 1);
    assert.deepEqual(await auditActions(t, "guarantee_detail", a.letterNew.id), [
      "guarantee.delivery_support",
    ]);
    // A second tab still on the version read before that upload is refused (issue 38) and stores nothing.
    const late = await postForm(te, path(a.letterNew.id), form(SAMPLES.pdf(), "Otro cargo.pdf", read));
    refusedBy(late, await nameOf(t, "tesoreria@demo.pe"));
    assert.equal((await storedFiles(dir)).length, 1);
    const panel = (await te.get(base(a.letterNew.id))).body.data;
    assert.equal(panel.sustento_entrega.file_name, "Cargo de entrega.pdf");
    const res = await t.app.request(panel.sustento_entrega.url, { headers: { cookie: te.cookie! } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-disposition")!, /^attachment;/);
    await res.body?.cancel();
  },
);
