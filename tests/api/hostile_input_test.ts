// Issue 18, finding 2: a NUL or another control character in any text of any call is a validation error
// (422 and the Spanish message), never a 500 from the database — JSON bodies, queries and multipart forms.
import assert from "node:assert/strict";
import { type Answer, forEachDb } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { fileOf, postForm, SAMPLES, tenantAGuarantees, withUploadsDir } from "../helpers/guarantees.ts";

const kinds = await dbKinds();
const MESSAGE = "El texto contiene caracteres no permitidos.";

function refused(r: Answer, where: string) {
  assert.equal(r.status, 422, `${where}: ${r.text}`);
  assert.equal(r.body.errorId, 422, where);
  assert.ok(r.text.includes(MESSAGE), `${where}: ${r.text}`);
}

forEachDb("a control character in sign-in and forgot-password is a validation error", kinds, async (t) => {
  const c = t.client();
  refused(await c.login("admin@demo.pe\u0000", "x"), "login email");
  refused(await c.login("admin@demo.pe", "Demo-2026\u0000"), "login password");
  refused(await c.login("\u0000", "\u0000"), "login both");
  refused(await c.post("/api/auth/forgot-password", { email: "admin\u0000@demo.pe" }), "forgot-password");
  refused(await c.post("/api/auth/forgot-password", { email: "admin@demo.pe\u001b" }), "forgot-password ESC");
  refused(await c.post("/api/auth/login", { ["email\u0000"]: "a@b.pe", password: "x" }), "a key");
});

forEachDb("a control character in user and role names is a validation error", kinds, async (t) => {
  const admin = await t.signedIn("admin@demo.pe");
  const user = { email: "nul@demo.pe", name: "Nombre\u0000Nulo", dni: "45678912", roleId: 5 };
  refused(await admin.post("/api/admin/users", user), "new user name");
  const [staff] = await t.db.query<{ id: number }>("select id from users where email = 'staff@demo.pe'");
  refused(
    await admin.put(`/api/admin/users/${staff.id}`, {
      ...user,
      email: "staff@demo.pe",
      name: "Staff\u0007",
      userState: "A",
    }),
    "edit user name",
  );
  refused(await admin.post("/api/admin/roles", { name: "rol\u0000", permissions: [] }), "role name");
  const [{ n }] = await t.db.query<{ n: number }>(
    "select count(*)::int as n from users where email = 'nul@demo.pe'",
  );
  assert.equal(n, 0);
});

forEachDb("a control character in a guarantee's texts and forms is a validation error", kinds, async (t) => {
  await withUploadsDir(t);
  const a = await tenantAGuarantees(t);
  const tenant = await t.signedIn("tenant@demo.pe");
  const id = a.letterPending.id;
  const base = { razon_social: "Alpaca Urbana S.A.C.", nombre_comercial: "Alpaca Urbana", version: 0 };
  refused(
    await tenant.put(`/api/guarantees/${id}`, { ...base, razon_social: "Alpaca\u0000" }),
    "razón social",
  );
  refused(
    await tenant.put(`/api/guarantees/${id}`, { ...base, nombre_comercial: "\u0000Alpaca" }),
    "nombre comercial",
  );
  const upload = new FormData();
  upload.set("kind", "carta_fianza\u0000");
  upload.set("file", fileOf(SAMPLES.pdf(), "carta.pdf"));
  refused(await postForm(tenant, `/api/guarantees/${id}/files`, upload), "upload kind");

  const admin = await t.signedIn("admin@demo.pe");
  const form = new FormData();
  const fields = {
    tipoExcepcion: "CFE",
    numfactura: "F001\u0000",
    importe: "12,500.00",
    moneda: "1",
    fechaLimite: "2099-03-31",
    motivo: "Carta fianza\u0000 en trámite.",
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("sustento", fileOf(SAMPLES.msg(), "Aprobacion.msg"));
  refused(await postForm(admin, `/api/guarantee-exceptions/${id}`, form), "exception form");
  const [row] = await t.db.query<{ razon_social: string }>(
    "select g.razon_social from guarantees g join guarantee_details d on d.guarantee_id = g.id where d.id = $1",
    [id],
  );
  assert.ok(!row.razon_social.includes("\u0000"));
  const [{ n }] = await t.db.query<{ n: number }>(
    "select count(*)::int as n from guarantee_exceptions where detail_id = $1",
    [id],
  );
  assert.equal(n, 0);
});

forEachDb("a control character in a reprimand form or a query is a validation error", kinds, async (t) => {
  const c = await t.signedIn("admin@demo.pe");
  refused(await c.get("/api/reprimands/locals?unidadEconomica=3%00"), "query");
  const form = new FormData();
  form.set("unidadEconomica", "3");
  form.set("local", "L-101");
  form.set("detalle", "Mercadería\u0000 en el pasillo.");
  form.set("hora", "00:00\u0000");
  refused(await postForm(c, "/api/reprimands", form), "reprimand form");
});

forEachDb("an amount with more than 2 decimals, not finite or out of range is refused", kinds, async (t) => {
  const a = await tenantAGuarantees(t);
  const tenant = await t.signedIn("tenant@demo.pe");
  const id = a.letterPending.id;
  const stored = () =>
    t.db.query("select importe from guarantee_details where id = $1", [id]).then((r) => r[0]);
  const before = await stored();
  const base = {
    razon_social: "Alpaca Urbana S.A.C.",
    nombre_comercial: "Alpaca Urbana",
    id_banco: 1,
    nro_carta_fianza: "D193-1234567",
    fecha_emision_carta_fianza: "2026-01-10",
    fecha_vencimiento_carta_fianza: "2099-01-10",
    version: 0,
  };
  const cases: [unknown, string][] = [
    [1234.567, "El importe admite como máximo 2 decimales."],
    [1e-7, "El importe admite como máximo 2 decimales."],
    [-5, "El importe no puede ser negativo."],
    [1e13, "El importe es demasiado grande."],
    ["1e400", "El importe debe ser un número."],
  ];
  for (const [importe, message] of cases) {
    const body = importe === "1e400"
      ? JSON.stringify({ ...base, importe: 0 }).replace('"importe":0', '"importe":1e400')
      : { ...base, importe };
    const r = await tenant.call("PUT", `/api/guarantees/${id}`, body);
    assert.equal(r.status, 422, `${importe}: ${r.text}`);
    assert.equal(r.body.data.importe, message, String(importe));
  }
  assert.deepEqual(await stored(), before, "nothing stored");
  // Two decimals, even large ones, still go.
  // Each save from a form read just before (the version it read).
  const read = async () => (await tenant.get(`/api/guarantees/${id}`)).body.data.version;
  const ok = await tenant.put(`/api/guarantees/${id}`, {
    ...base,
    importe: 999_999_999_999,
    version: await read(),
  });
  assert.equal(ok.status, 200, ok.text);
  const fine = await tenant.put(`/api/guarantees/${id}`, {
    ...base,
    importe: 1234.56,
    version: await read(),
  });
  assert.equal(fine.status, 200, fine.text);
  assert.equal((await stored()).importe, 1234.56);

  // The exception form's amount, typed as text, is refused the same way instead of read as missing.
  await withUploadsDir(t);
  const admin = await t.signedIn("admin@demo.pe");
  const form = new FormData();
  const fields = {
    tipoExcepcion: "CFE",
    importe: "12,500.005",
    moneda: "1",
    fechaLimite: "2099-03-31",
    motivo: "Carta fianza en trámite.",
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("sustento", fileOf(SAMPLES.msg(), "Aprobacion.msg"));
  const exception = await postForm(admin, `/api/guarantee-exceptions/${a.letterNew.id}`, form);
  assert.equal(exception.status, 422, exception.text);
  assert.deepEqual(exception.body.data.validationMessages, [
    { field: "importe", message: "El importe admite como máximo 2 decimales." },
  ]);

  // A closing's sale says the same in its own words.
  const closing = await tenant.post("/api/tenant/closings", {
    fechaRegistro: "2026-01-01",
    suministros: [{ idSuministroPorLocatario: 1, venta: 1e-7, transacciones: 1 }],
  });
  assert.equal(closing.status, 422, closing.text);
  assert.equal(closing.body.data["suministros.0.venta"], "La venta admite como máximo 2 decimales.");
});
