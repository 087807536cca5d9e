// Issue 18, finding 2: a NUL or another control character in any text of any call is a validation error
// (422 and the Spanish message), never a 500 from the database — JSON bodies, queries and multipart forms.
import assert from "node:assert/strict";
import { type Answer, forEachDb, type TestApp } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { fileOf, postForm, SAMPLES, tenantAGuarantees, withUploadsDir } from "../helpers/guarantees.ts";
import { writeRoutes } from "../helpers/routes.ts";

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

// Issue 42, item 1: nesting that would overflow a recursive walk, on every write route (the app's own list),
// signed in or not: always the validation envelope, before anything parses the body.
forEachDb("deeply nested JSON on every route is a validation error, never a 500", kinds, async (t) => {
  const routes = writeRoutes(t.app);
  assert.ok(routes.length >= 60, `only ${routes.length} routes found`);
  const clients = [
    t.client("10.9.0.2"),
    await t.signedIn("admin@demo.pe"),
    await t.signedIn("tenant@demo.pe"),
  ];
  const bodies = [
    "[".repeat(7000) + "]".repeat(7000),
    '{"a":'.repeat(5000) + "1" + "}".repeat(5000),
    // 37 levels after a string holding six closing brackets: counted as structure, they would hide six.
    `{"x":"]]]]\\"]]","y":` + "[".repeat(36) + "]".repeat(36) + "}",
  ];
  for (const { method, path } of routes) {
    for (const c of clients) {
      for (const body of bodies) {
        const r = await c.call(method, path, body);
        const where = `${method} ${path} ${body.slice(0, 12)}`;
        assert.equal(r.status, 422, `${where}: ${r.text.slice(0, 200)}`);
        assert.equal(r.body.errorId, 422, where);
        assert.equal(r.body.data.body, "Los datos tienen más de 32 niveles anidados.", where);
      }
    }
  }
  // At the limit the body goes on to the route's own validation (and its own messages).
  const admin = clients[1];
  const atLimit = await admin.call("POST", "/api/admin/roles", "[".repeat(32) + "]".repeat(32));
  assert.equal(atLimit.status, 422, atLimit.text);
  assert.notEqual(atLimit.body.data?.body, "Los datos tienen más de 32 niveles anidados.");
  const role = await admin.post("/api/admin/roles", { name: "rolProfundo", permissions: [] });
  assert.equal(role.status, 200, role.text);
});

const UNKNOWN = "Parámetro no permitido: zzDesconocido.";
const auditCount = async (t: TestApp) =>
  (await t.db.query<{ n: number }>("select count(*)::int as n from audit_log"))[0].n;

// Issue 42, item 4: every JSON body refuses a key it does not know (routes/validate.ts throws on a loose body
// schema when the route is declared; this proves the answer on every JSON route of the app's own list).
forEachDb(
  "every JSON body refuses a key it does not know with 'Parámetro no permitido'",
  kinds,
  async (t) => {
    const routes = writeRoutes(t.app).filter((r) => r.json);
    assert.ok(routes.length >= 45, `only ${routes.length} JSON routes found`);
    const clients = [
      t.client("10.9.0.3"),
      await t.signedIn("admin@demo.pe"),
      await t.signedIn("tenant@demo.pe"),
    ];
    const before = await auditCount(t);
    for (const { method, path } of routes) {
      const answers = [];
      for (const c of clients) answers.push(await c.call(method, path, { zzDesconocido: 1 }));
      assert.ok(answers.every((r) => r.status < 500), `${method} ${path}`);
      assert.ok(
        answers.some((r) => r.status === 422 && r.body.data?.json === UNKNOWN),
        `${method} ${path}: ${answers.map((r) => r.text.slice(0, 160)).join(" | ")}`,
      );
    }
    assert.equal(await auditCount(t), before, "a refused call wrote");

    // The two the outside check found: a valid body with one key more is refused whole.
    const admin = clients[1];
    const [param] = (await admin.get("/api/guarantee-parameters")).body.data.table as {
      codigo: string;
      tipo: string;
      value: string;
      version: number;
    }[];
    const r = await admin.put("/api/guarantee-parameters", {
      codigo: param.codigo,
      value: param.value,
      version: param.version,
      extra: 1,
    });
    assert.equal(r.status, 422, r.text);
    assert.equal(r.body.data.json, "Parámetro no permitido: extra.");
    const te = await t.signedIn("tesoreria@demo.pe");
    const signedIn = await auditCount(t);
    const config = (await te.get("/api/guarantee-requirements/config")).body.data;
    const pick = (list: { codigo: string }[]) => list.map((f, i) => ({ codigo: f.codigo, incluido: i < 2 }));
    const good = {
      email_notaria: ["notaria@demo.pe"],
      firmantes_firma_virtual: pick(config.firmantes_firma_virtual),
      firmantes_firma_fisica: pick(config.firmantes_firma_fisica),
      datos_mall_provincia: [],
      version: config.version,
    };
    const top = await te.put("/api/guarantee-requirements/config", { ...good, notas: "x" });
    assert.equal(top.status, 422, top.text);
    assert.equal(top.body.data.json, "Parámetro no permitido: notas.");
    const nested = await te.put("/api/guarantee-requirements/config", {
      ...good,
      firmantes_firma_virtual: [{ ...good.firmantes_firma_virtual[0], orden: 1 }],
    });
    assert.equal(nested.status, 422, nested.text);
    assert.equal(nested.body.data["firmantes_firma_virtual.0"], "Parámetro no permitido: orden.");
    assert.equal(await auditCount(t), signedIn, "a refused call wrote");
  },
);
