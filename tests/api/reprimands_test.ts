// Reprimands: registration with pictures (every message of spec 3 section 5, pictures checked by content),
// the grid, the detail and the three approvers each deciding only its own box.
import assert from "node:assert/strict";
import { type Client, forEachDb, type TestApp } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { postForm, withUploadsDir } from "../helpers/guarantees.ts";

const kinds = await dbKinds();

// The spec's texts (spec 3 sections 2.1 and 5).
const MALL_REQUIRED = "Debe seleccionar un mall";
const LOCAL_REQUIRED = "Debe ingresar el Local";
const DETAIL_REQUIRED = "Ingrese Detalle";
const UNSUPPORTED = "Archivo no soportado";
const OBSERVATION_REQUIRED = "Ingresar alguna observación";
const SAVED = "Guardado Exitoso";
// Ours (docs/decisions.md, Reprimands).
const NOT_APPROVER = "Solo Subgerencia, Operaciones y GAF pueden aprobar o desaprobar una amonestación.";
const BOX_DECIDED = "Su área ya registró su decisión sobre esta amonestación.";
const FINAL = "La amonestación ya fue decidida por las tres áreas.";
const NO_PERMISSION = "El usuario no cuenta con los permisos necesarios.";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]);

async function firstChoices(c: Client) {
  const cat = (await c.get("/api/reprimands/catalog")).body.data;
  const tipo = cat.tipos[0];
  const motivo = tipo.motivos[0];
  const locals = (await c.get("/api/reprimands/locals?unidadEconomica=3")).body.data.table;
  return { tipo, motivo, local: locals[0] };
}

function form(fields: Record<string, string>, ...files: File[]) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  for (const file of files) f.append("pictures", file);
  return f;
}

async function register(t: TestApp, c: Client) {
  const { tipo, motivo, local } = await firstChoices(c);
  const r = await postForm(
    c,
    "/api/reprimands",
    form({
      unidadEconomica: "3",
      local: local.local.toLowerCase(),
      tipoMotivo: String(tipo.id),
      motivo: String(motivo.id),
      responsable: "Juan Pérez",
      dni: "41234567",
      fecha: new Date(t.clock().getTime() - 5 * 3600_000 - 3600_000).toISOString().slice(0, 10),
      hora: "00:00",
      detalle: "Mercadería en el pasillo.",
    }, new File([PNG], "evidencia.png")),
  );
  return { r, motivo, local };
}

forEachDb("registering: every message, pictures by content, amounts from the reason", kinds, async (t) => {
  await withUploadsDir(t);
  const sec = await t.signedIn("seguridad@demo.pe");
  const empty = await postForm(sec, "/api/reprimands", form({}));
  assert.equal(empty.status, 422);
  assert.equal(empty.body.data.unidadEconomica, MALL_REQUIRED);
  assert.equal(empty.body.data.local, LOCAL_REQUIRED);
  assert.equal(empty.body.data.detalle, DETAIL_REQUIRED);
  assert.equal(empty.body.data.tipoMotivo, "Debe seleccionar un Tipo de Motivo");
  assert.equal(empty.body.data.motivo, "Debe seleccionar un Motivo");
  assert.equal(empty.body.data.responsable, undefined, "Responsable and DNI do not stop the registration");
  assert.equal(empty.body.data.dni, undefined);
  const blank = await postForm(sec, "/api/reprimands", form({ local: "   ", detalle: " \n " }));
  assert.equal(blank.body.data.local, LOCAL_REQUIRED);
  assert.equal(blank.body.data.detalle, DETAIL_REQUIRED);
  const dni = await postForm(sec, "/api/reprimands", form({ dni: "12ab" }));
  assert.equal(dni.body.data.dni, "El DNI debe tener 8 dígitos.");

  const { tipo, motivo, local } = await firstChoices(sec);
  const fields = {
    unidadEconomica: "3",
    local: local.local,
    tipoMotivo: String(tipo.id),
    motivo: String(motivo.id),
    responsable: "",
    dni: "",
    fecha: "2024-05-10",
    hora: "14:30",
    detalle: "Residuos en el pasillo.",
  };
  for (const bad of [new File([EXE], "foto.png"), new File([EXE], "foto.jpg"), new File([PNG], "foto.exe")]) {
    const r = await postForm(sec, "/api/reprimands", form(fields, bad));
    assert.equal(r.status, 422, bad.name);
    assert.deepEqual(r.body.data, { pictures: UNSUPPORTED }, bad.name);
  }
  // A control character in a picture's name follows the rule of JSON text (issue 42).
  const named = await postForm(sec, "/api/reprimands", form(fields, new File([PNG], "foto\u0007.png")));
  assert.equal(named.status, 422, named.text);
  assert.deepEqual(named.body.data, { pictures: "El texto contiene caracteres no permitidos." });
  assert.equal(await count(t, "select 1 from reprimands where detail = 'Residuos en el pasillo.'"), 0);

  const ok = await postForm(sec, "/api/reprimands", form(fields, new File([PNG], "evidencia.png")));
  assert.equal(ok.status, 200, ok.text);
  assert.equal(ok.body.message, SAVED);
  const id = ok.body.data.idAmonestacion;
  const [row] = await t.db.query<{ base_amount: string; discount_pct: string; final_amount: string }>(
    "select base_amount, discount_pct, final_amount from reprimands where id = $1",
    [id],
  );
  assert.equal(Number(row.base_amount), motivo.montoBase);
  assert.equal(Number(row.discount_pct), motivo.descuentoPorcentaje);
  assert.equal(
    Number(row.final_amount),
    Math.round(motivo.montoBase * (100 - motivo.descuentoPorcentaje)) / 100,
  );
  assert.equal(await count(t, "select 1 from audit_log where action = 'reprimand.create'"), 1);

  // The approvers see it with its picture, served as the image it is.
  const fin = await t.signedIn("finanzas@demo.pe");
  const detail = (await fin.get(`/api/reprimands/${id}`)).body.data;
  assert.equal(detail.locatario, local.locatario);
  assert.equal(detail.imagenes.length, 1);
  const img = await t.app.request(detail.imagenes[0].url, { headers: { cookie: fin.cookie! } });
  assert.equal(img.headers.get("content-type"), "image/png");
  assert.equal(img.headers.get("x-content-type-options"), "nosniff");
  assert.deepEqual(new Uint8Array(await img.arrayBuffer()), PNG);
});

forEachDb(
  "approving: each approver changes only its own box, once; then the reprimand is final",
  kinds,
  async (t) => {
    await withUploadsDir(t);
    const sec = await t.signedIn("jefeoperaciones@demo.pe");
    const { r } = await register(t, sec);
    assert.equal(r.status, 200, r.text);
    const id = r.body.data.idAmonestacion;
    const path = `/api/reprimands/${id}/decision`;
    const sub = await t.signedIn("operaciones@demo.pe");
    const ops = sec; // the mall operations head decides the Operaciones box
    const gaf = await t.signedIn("finanzas@demo.pe");

    const blank = await sub.post(path, { accion: true, observacion: "   " });
    assert.equal(blank.status, 422);
    assert.deepEqual(blank.body.data, { observacion: OBSERVATION_REQUIRED });

    const boxes = async () => {
      const d = (await gaf.get(`/api/reprimands/${id}`)).body.data;
      return [d.aprobacion_subgerencia, d.aprobacion_operaciones, d.aprobacion_gaf, d.estado];
    };
    const s1 = await sub.post(path, { accion: true, observacion: "Conforme." });
    assert.equal(s1.status, 200, s1.text);
    assert.equal(s1.body.message, SAVED);
    assert.equal(s1.body.data.observacion_subgerencia, "Conforme.");
    assert.deepEqual(await boxes(), [true, null, null, "PENDIENTE"]);
    const twice = await sub.post(path, { accion: false, observacion: "Cambio de opinión." });
    assert.equal(twice.status, 409);
    assert.equal(twice.body.message, BOX_DECIDED);
    assert.deepEqual(await boxes(), [true, null, null, "PENDIENTE"]);

    assert.equal((await ops.post(path, { accion: false, observacion: "No procede." })).status, 200);
    assert.deepEqual(await boxes(), [true, false, null, "PENDIENTE"]);
    const viewer = await t.signedIn("gerencia@demo.pe");
    const refused = await viewer.post(path, { accion: true, observacion: "Ok" });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.message, NOT_APPROVER);
    assert.equal((await gaf.post(path, { accion: true, observacion: "De acuerdo." })).status, 200);
    assert.deepEqual(await boxes(), [true, false, true, "DESAPROBADA"]);
    const after = await gaf.post(path, { accion: false, observacion: "Otra vez." });
    assert.equal(after.body.message, FINAL);
    assert.equal(
      await count(t, `select 1 from audit_log where entity = 'reprimand' and entity_id = '${id}'`),
      4,
    );
  },
);

forEachDb("a role without the permission is refused", kinds, async (t) => {
  const sec = await t.signedIn("seguridad@demo.pe");
  for (const path of ["/api/reprimands", "/api/reprimands/1"]) {
    const r = await sec.get(path);
    assert.equal(r.status, 403, path);
    assert.equal(r.body.message, NO_PERMISSION);
  }
  const tenant = await t.signedIn("tenant@demo.pe");
  assert.equal((await tenant.get("/api/reprimands/catalog")).status, 403);
  assert.equal((await postForm(tenant, "/api/reprimands", form({}))).status, 403);
  const fin = await t.signedIn("finanzas@demo.pe");
  assert.equal(
    (await fin.get("/api/reprimands/catalog")).status,
    403,
    "finance approves but does not register",
  );
  // The seed has reprimands in every state.
  const list = (await fin.get("/api/reprimands")).body.data.table as { estado: string }[];
  for (const s of ["PENDIENTE", "APROBADA", "DESAPROBADA"]) assert.ok(list.some((r) => r.estado === s), s);
});

async function count(t: TestApp, sql: string) {
  return (await t.db.query(sql)).length;
}
