import assert from "node:assert/strict";
import { forEachDb, lastMail, seenBodies } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { contractOf, snapshot } from "../helpers/tenant.ts";

const kinds = await dbKinds();
const PASSWORDS = ["Operador-Nuevo-1", "Clave-Nueva-2026", "Financiera-77"];

/** No answer of the test (the helper keeps them) carried a password, set or demo, or a hash. */
function assertNoPasswordSent() {
  assert.ok(seenBodies.length >= 3);
  for (const text of seenBodies) {
    assert.doesNotMatch(text, /argon2|password_hash/);
    for (const p of [...PASSWORDS, "Demo-2026"]) assert.ok(!text.includes(p), "a password in an answer");
  }
}

/** The current four slots as a save body (no passwords), with the version read. */
// deno-lint-ignore no-explicit-any
const asBody = (data: any): Record<string, any> => ({
  ...Object.fromEntries(
    ["administrador", "operador", "financiero1", "financiero2"].map((slot) => [
      slot,
      data[slot] ? { correo: data[slot].correo, nombreCompleto: data[slot].nombreCompleto } : null,
    ]),
  ),
  version: data.version as number,
});

forEachDb("tenant users: four slots, passwords never shown", kinds, async (t) => {
  const tenant = await t.signedIn("tenant@demo.pe");
  const r = await tenant.get("/api/tenant/users");
  assert.equal(r.status, 200);
  assert.deepEqual(Object.keys(r.body.data), [
    "administrador",
    "operador",
    "financiero1",
    "financiero2",
    "version",
  ]);
  assert.deepEqual(r.body.data.administrador, {
    correo: "tenant@demo.pe",
    nombreCompleto: "Lucía Fernández Huamán",
    contraseniaDefinida: true,
    estado: "A",
    esUsted: true,
  });
  assert.equal(r.body.data.operador.correo, "operador@demo.pe");
  assert.doesNotMatch(r.text, /argon2|password|"contrasenia"/i);
  // The second contract has its own people (a generated operator who never activated the account).
  const b = await contractOf(t.db, "tenant@demo.pe", false);
  await tenant.post("/api/auth/contract", { contractId: b.id });
  const second = (await tenant.get("/api/tenant/users")).body.data;
  assert.equal(second.administrador.correo, "tenant@demo.pe");
  assert.equal(second.operador.contraseniaDefinida, false);
  assert.equal(second.financiero1, null);
  assertNoPasswordSent();
});

forEachDb(
  "tenant users: a new person gets the activation mail; a set password works at once",
  kinds,
  async (t) => {
    const a = await contractOf(t.db, "tenant@demo.pe");
    const tenant = await t.signedIn("tenant@demo.pe");
    const body = asBody((await tenant.get("/api/tenant/users")).body.data);
    const oldOperator = await t.signedIn("operador@demo.pe");
    const saved = await tenant.put("/api/tenant/users", {
      ...body,
      operador: { correo: "nueva.operadora@alpaca.pe", nombreCompleto: "Nueva Operadora" },
      financiero1: { ...body.financiero1, nombreCompleto: "Miguel Cárdenas R.", contrasenia: PASSWORDS[1] },
    });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.body.data.messageId, 101);
    const mail = await lastMail(t.db, "nueva.operadora@alpaca.pe");
    assert.equal(mail.subject, "Activación de su cuenta");
    const token = /activateAccount\?a=([A-Za-z0-9]{15})/.exec(mail.body_text)![1];
    const act = await t.client().post("/api/auth/activate", { token, password: PASSWORDS[0] });
    assert.equal(act.body.data.messageId, 101);
    const me = (await t.client().login("nueva.operadora@alpaca.pe", PASSWORDS[0])).body.data;
    assert.equal(me.role.id, 2, "a new operator gets the operator role");
    assert.equal(me.tenant.idLocatario, a.id);
    // The replaced operator lost the contract and its sessions.
    assert.equal((await oldOperator.get("/api/auth/me")).status, 401);
    // The password set for financiero1 works, and ended its open sessions; the list only says one is set.
    assert.equal((await t.client().login("financiero@demo.pe", PASSWORDS[1])).status, 200);
    const after = (await tenant.get("/api/tenant/users")).body.data;
    assert.equal(after.financiero1.nombreCompleto, "Miguel Cárdenas R.");
    assert.equal(after.financiero1.contraseniaDefinida, true);
    assert.equal(after.operador.contraseniaDefinida, true);
    const [audit] = await t.db.query<{ after: unknown }>(
      "select after from audit_log where entity = 'contract_users' order by id desc limit 1",
    );
    assert.doesNotMatch(JSON.stringify(audit.after), /Clave-Nueva|argon2/);

    // Clearing an optional slot and swapping two people works in one save.
    const swap = await tenant.put("/api/tenant/users", {
      ...asBody(after),
      operador: asBody(after).financiero1,
      financiero1: asBody(after).operador,
      financiero2: null,
    });
    assert.equal(swap.status, 200, swap.text);
    const swapped = (await tenant.get("/api/tenant/users")).body.data;
    assert.equal(swapped.operador.correo, "financiero@demo.pe");
    assert.equal(swapped.financiero1.correo, "nueva.operadora@alpaca.pe");
    assert.equal(swapped.financiero2, null);
  },
);

forEachDb("tenant users: validation and refusals change nothing", kinds, async (t) => {
  const tenant = await t.signedIn("tenant@demo.pe");
  const body = asBody((await tenant.get("/api/tenant/users")).body.data);
  const before = await snapshot(t.db);
  const put = (x: unknown) => tenant.put("/api/tenant/users", x);
  const empty = await put({});
  assert.equal(empty.status, 422);
  assert.equal(empty.body.data.administrador, "Los datos ingresados no son válidos.");
  const fields = await put({
    ...body,
    operador: { correo: "", nombreCompleto: "" },
    financiero1: { correo: "no-es-correo", nombreCompleto: "X", contrasenia: "corta" },
  });
  assert.deepEqual(fields.body.data, {
    "operador.correo": "Ingresar el correo",
    "operador.nombreCompleto": "Ingresar el nombre",
    "financiero1.correo": "Ingresar un correo electrónico válido.",
    "financiero1.contrasenia": "La contraseña debe tener al menos 8 caracteres.",
  });
  const missingKey = await put({ administrador: body.administrador, operador: body.operador });
  assert.equal(missingKey.body.data.financiero1, "Los datos ingresados no son válidos.");
  const dup = await put({ ...body, financiero2: { correo: "OPERADOR@demo.pe", nombreCompleto: "Otra" } });
  assert.equal(
    dup.body.data["financiero2.correo"],
    "Cada persona del contrato debe tener un correo distinto.",
  );
  const staff = await put({ ...body, financiero2: { correo: "staff@demo.pe", nombreCompleto: "Jorge" } });
  assert.equal(staff.body.errorId, 442);
  assert.equal(staff.body.data["financiero2.correo"], "El correo ya se encuentra registrado.");
  const self = await put({ ...body, administrador: { correo: "otra@alpaca.pe", nombreCompleto: "Otra" } });
  assert.equal(self.body.errorId, 441);
  assert.equal(self.body.message, "No puede quitarse a sí mismo del contrato.");
  const ownPassword = await put({
    ...body,
    administrador: { ...body.administrador, contrasenia: PASSWORDS[2] },
  });
  assert.equal(ownPassword.body.errorId, 441);
  assert.match(ownPassword.body.data["administrador.contrasenia"], /Cambiar contraseña/);
  const noOperator = await put({ ...body, operador: null });
  assert.equal(noOperator.status, 422);
  assert.equal(await snapshot(t.db), before, "nothing changed");
  assertNoPasswordSent();
});
