// The guarantee state machine, state × action × actor: every allowed transition and every refusal.
import assert from "node:assert/strict";
import {
  type Action,
  canReceive,
  canStore,
  decide,
  editMode,
  type ExceptionSnapshot,
  type ExceptionTypeInfo,
  type MachineActor,
  offers,
  requiredReviews,
  type Snapshot,
} from "../../services/guarantees/state_machine.ts";
import { type StateCode, STATES } from "#contract/guarantees/guarantees.ts";

// The spec's text (spec 3 section 6).
const NON_REVIEWER_MESSAGE =
  'Solo los usuarios con rol de "Revisor de Cobranza" o "Revisor de Tesorería" pueden aprobar o rechazar la Garantía.';

const snap = (state: StateCode, more: Partial<Snapshot> = {}): Snapshot => ({
  state,
  type: "GAR1",
  isRenovada: false,
  isExcepcion: false,
  enVentanaRenovacion: true,
  bankCode: "BCP",
  exception: null,
  reviews: {},
  ...more,
});

const exception = (more: Partial<ExceptionSnapshot> = {}): ExceptionSnapshot => ({
  state: "ING",
  type: "CFE",
  guaranteeType: null,
  needsTreasury: false,
  createdBy: 1,
  co: null,
  te: null,
  ...more,
});

const OWNER: MachineActor = {
  userId: 10,
  roleId: 3,
  owner: true,
  exceptionRegistrar: false,
  reviewScreens: false,
};
const OTHER_TENANT: MachineActor = { ...OWNER, userId: 11, owner: false };
const COBRANZA: MachineActor = {
  userId: 20,
  roleId: 115,
  owner: false,
  exceptionRegistrar: true,
  reviewScreens: true,
};
const TESORERIA: MachineActor = { ...COBRANZA, userId: 21, roleId: 116 };
const ADMIN: MachineActor = {
  userId: 1,
  roleId: 4,
  owner: false,
  exceptionRegistrar: true,
  reviewScreens: true,
};

/** The next state of an allowed decision ('=' unchanged), or 'x' for a refusal. */
function outcome(s: Snapshot, action: Action, actor: MachineActor): string {
  const d = decide(s, action, actor);
  if (!d.ok) {
    assert.ok(d.message.length > 10, "a refusal explains itself");
    return "x";
  }
  return d.effect.state ?? "=";
}

/** Expected outcome per state, in the order of STATES: PEN NEW ENV OBS REC IOK REQ RRE NRE. */
function expectRow(action: Action, actor: MachineActor, expected: string[], more: Partial<Snapshot> = {}) {
  const got = STATES.map((st) => {
    // In OBS one required review is already red (the treasury's here).
    const reviews = st === "OBS" ? { TE: "rojo" as const } : {};
    return outcome(snap(st, { reviews, ...more }), action, actor);
  });
  assert.deepEqual(got, expected, `${action.type} by role ${actor.roleId} ${JSON.stringify(more)}`);
}

const SAVE_MAIN: Action = { type: "save", main: true, exception: false };
const SAVE_EXC: Action = { type: "save", main: false, exception: true };

Deno.test("tenant save and send: allowed in PEN, NEW, REC and NRE; refused in every other state", () => {
  //                          PEN    NEW  ENV  OBS  REC  IOK  REQ  RRE  NRE
  expectRow(SAVE_MAIN, OWNER, ["NEW", "=", "x", "x", "=", "x", "x", "x", "="]);
  expectRow({ type: "send" }, OWNER, ["ENV", "ENV", "x", "x", "ENV", "x", "x", "x", "ENV"]);
  expectRow(SAVE_MAIN, OTHER_TENANT, Array(9).fill("x"));
  expectRow({ type: "send" }, OTHER_TENANT, Array(9).fill("x"));
  expectRow(SAVE_MAIN, COBRANZA, Array(9).fill("x"));
  expectRow({ type: "send" }, ADMIN, Array(9).fill("x"));
  const sent = decide(snap("NEW"), { type: "send" }, OWNER);
  assert.deepEqual(sent, {
    ok: true,
    effect: { state: "ENV", newRound: true, review: { kind: "LO", color: "verde" } },
  });
  const locked = decide(snap("ENV"), SAVE_MAIN, OWNER);
  assert.deepEqual(locked, {
    ok: false,
    errorId: 449,
    message: "La garantía está En Revisión: sus datos no se pueden modificar.",
  });
});

Deno.test("an exception in review blocks the tenant; an approved one leaves only its fields editable", () => {
  for (const state of ["ING", "PEN"] as const) {
    expectRow(SAVE_MAIN, OWNER, Array(9).fill("x"), { exception: exception({ state }) });
    expectRow({ type: "send" }, OWNER, Array(9).fill("x"), { exception: exception({ state }) });
  }
  const approved = {
    exception: exception({ state: "APR", type: "EFE", guaranteeType: "GAR2" }),
    isExcepcion: true,
  };
  //                         PEN    NEW  ENV  OBS  REC  IOK  REQ  RRE  NRE
  expectRow(SAVE_MAIN, OWNER, ["x", "x", "x", "x", "x", "x", "x", "x", "="], approved);
  expectRow(SAVE_EXC, OWNER, ["NEW", "=", "x", "x", "=", "x", "x", "x", "x"], approved);
  expectRow(SAVE_EXC, OWNER, ["x", "x", "x", "x", "x", "x", "x", "x", "x"]);
  assert.equal(editMode(snap("NEW", approved), OWNER), "exception");
  assert.equal(editMode(snap("NRE", approved), OWNER), "main");
  assert.equal(editMode(snap("NEW"), OWNER), "main");
  assert.equal(editMode(snap("ENV"), OWNER), null);
  assert.equal(editMode(snap("NEW"), COBRANZA), null);
  // A rejected exception does not block the tenant.
  expectRow(SAVE_MAIN, OWNER, ["NEW", "=", "x", "x", "=", "x", "x", "x", "="], {
    exception: exception({ state: "REC" }),
  });
  const none = decide(snap("NEW", { type: "GAR0" }), { type: "send" }, OWNER);
  assert.equal(none.ok, false);
});

Deno.test("collections and treasury review: only in ENV and OBS, by their roles, once per round", () => {
  //                                  PEN  NEW  ENV    OBS    REC  IOK  REQ  RRE  NRE
  expectRow({ type: "approve" }, COBRANZA, ["x", "x", "ENV", "REC", "x", "x", "x", "x", "x"]);
  expectRow({ type: "reject" }, COBRANZA, ["x", "x", "OBS", "REC", "x", "x", "x", "x", "x"]);
  // The treasury reviewed already in OBS (its red review): it may not review twice.
  expectRow({ type: "approve" }, TESORERIA, ["x", "x", "ENV", "x", "x", "x", "x", "x", "x"]);
  expectRow({ type: "reject" }, TESORERIA, ["x", "x", "OBS", "x", "x", "x", "x", "x", "x"]);
  for (const actor of [ADMIN, OWNER, OTHER_TENANT]) {
    for (const type of ["approve", "reject"] as const) {
      expectRow({ type }, actor, Array(9).fill("x"));
      const d = decide(snap("ENV"), { type }, actor);
      assert.deepEqual(d, { ok: false, errorId: 600, message: NON_REVIEWER_MESSAGE });
    }
  }
  // Completing the round: both green approves; any red rejects.
  assert.equal(outcome(snap("ENV", { reviews: { CO: "verde" } }), { type: "approve" }, TESORERIA), "IOK");
  assert.equal(outcome(snap("ENV", { reviews: { CO: "verde" } }), { type: "reject" }, TESORERIA), "REC");
  assert.equal(outcome(snap("ENV", { reviews: { TE: "verde" } }), { type: "approve" }, COBRANZA), "IOK");
  assert.equal(outcome(snap("ENV", { reviews: { CO: "verde" } }), { type: "approve" }, COBRANZA), "x");
  const d = decide(snap("IOK"), { type: "approve" }, COBRANZA);
  assert.deepEqual(d, { ok: false, errorId: 449, message: "La garantía ya fue aprobada." });
});

Deno.test("cash guarantees need only the collections review; the treasury applies per the TE rule", () => {
  const cash = { type: "GAR2" as const };
  // (OBS cannot happen with a single required review; the machine would still complete the round.)
  expectRow({ type: "approve" }, COBRANZA, ["x", "x", "IOK", "IOK", "x", "x", "x", "x", "x"], cash);
  expectRow({ type: "reject" }, COBRANZA, ["x", "x", "REC", "REC", "x", "x", "x", "x", "x"], cash);
  expectRow({ type: "approve" }, TESORERIA, Array(9).fill("x"), cash);
  assert.deepEqual(requiredReviews(snap("ENV", cash)), ["CO"]);
  assert.deepEqual(requiredReviews(snap("ENV")), ["CO", "TE"]);
  // A cash guarantee with an approved letter-type exception: treasury reviews too.
  const cfz = {
    ...cash,
    isExcepcion: true,
    exception: exception({ state: "APR", type: "CFZ", guaranteeType: "GAR1" }),
  };
  assert.deepEqual(requiredReviews(snap("ENV", cfz)), ["CO", "TE"]);
  // A letter with an approved exception of another kind: no treasury.
  const cfe = { isExcepcion: true, exception: exception({ state: "APR" }) };
  assert.deepEqual(requiredReviews(snap("ENV", cfe)), ["CO"]);
  assert.equal(outcome(snap("ENV", cfe), { type: "approve" }, TESORERIA), "x");
});

Deno.test("renew: a letter En Requerimiento (of renewal too), or Aprobada inside the renewal window, once", () => {
  const renew: Action = { type: "renew" };
  //                      PEN  NEW  ENV  OBS  REC  IOK  REQ  RRE  NRE
  expectRow(renew, OWNER, ["x", "x", "x", "x", "x", "=", "=", "=", "x"]);
  expectRow(renew, OWNER, ["x", "x", "x", "x", "x", "x", "=", "=", "x"], { enVentanaRenovacion: false });
  expectRow(renew, OWNER, Array(9).fill("x"), { isRenovada: true });
  expectRow(renew, OWNER, Array(9).fill("x"), { type: "GAR2" });
  expectRow(renew, COBRANZA, Array(9).fill("x"));
  expectRow(renew, OTHER_TENANT, Array(9).fill("x"));
  const d = decide(snap("IOK"), renew, OWNER);
  assert.deepEqual(d, { ok: true, effect: { renewal: { state: "NRE", letterKind: 384 } } });
});

Deno.test("bank validation: BBVA or BCP letters, not approved, by the review screens", () => {
  const bank: Action = { type: "bank_validation" };
  expectRow(bank, COBRANZA, ["=", "=", "=", "=", "=", "x", "=", "=", "="]);
  expectRow(bank, TESORERIA, ["=", "=", "=", "=", "=", "x", "=", "=", "="], { bankCode: "BBVA" });
  expectRow(bank, COBRANZA, Array(9).fill("x"), { bankCode: "IBK" });
  expectRow(bank, COBRANZA, Array(9).fill("x"), { type: "GAR2" });
  expectRow(bank, OWNER, Array(9).fill("x"));
});

Deno.test("exception register, update and delete: guarantee Ingresada, Pendiente or Rechazada", () => {
  const cfe: ExceptionTypeInfo = { code: "CFE", forType: null };
  const efe: ExceptionTypeInfo = { code: "EFE", forType: "GAR1" };
  const cfz: ExceptionTypeInfo = { code: "CFZ", forType: "GAR2" };
  const reg = (exceptionType = cfe): Action => ({ type: "exception_register", exceptionType });
  //                      PEN  NEW  ENV  OBS  REC  IOK  REQ  RRE  NRE
  expectRow(reg(), ADMIN, ["=", "=", "x", "x", "=", "x", "x", "x", "x"]);
  expectRow(reg(efe), ADMIN, ["=", "=", "x", "x", "=", "x", "x", "x", "x"]);
  expectRow(reg(cfz), ADMIN, Array(9).fill("x"));
  expectRow(reg(cfz), ADMIN, ["=", "=", "x", "x", "=", "x", "x", "x", "x"], { type: "GAR2" });
  expectRow(reg(), ADMIN, Array(9).fill("x"), { type: "GAR0" });
  expectRow(reg(), OWNER, Array(9).fill("x"));
  expectRow(reg(), ADMIN, Array(9).fill("x"), { exception: exception() });
  const upd = (state: ExceptionSnapshot["state"]) => ({ exception: exception({ state }) });
  const update: Action = { type: "exception_update", exceptionType: cfe };
  expectRow(update, ADMIN, Array(9).fill("x"));
  for (const st of ["ING", "REC"] as const) {
    expectRow(update, ADMIN, ["=", "=", "x", "x", "=", "x", "x", "x", "x"], upd(st));
  }
  for (const st of ["PEN", "APR"] as const) expectRow(update, ADMIN, Array(9).fill("x"), upd(st));
  const del: Action = { type: "exception_delete" };
  expectRow(del, ADMIN, Array(9).fill("x"));
  for (const st of ["ING", "PEN", "APR", "REC"] as const) {
    expectRow(del, ADMIN, ["=", "=", "x", "x", "=", "x", "x", "x", "x"], upd(st));
    expectRow(del, OWNER, Array(9).fill("x"), upd(st));
  }
  const d = decide(snap("NEW", upd("REC")), update, ADMIN);
  assert.deepEqual(d, {
    ok: true,
    effect: { exceptionState: "ING", resetExceptionReviews: true, isExcepcion: false },
  });
});

Deno.test("exception review: ING or PEN, by collections (and treasury when it gives a letter), once each", () => {
  const approve: Action = { type: "exception_approve" };
  const reject: Action = { type: "exception_reject" };
  const withExc = (e: Partial<ExceptionSnapshot>) => snap("NEW", { exception: exception(e) });
  const states = ["ING", "PEN", "APR", "REC"] as const;
  const got = (a: Action, actor: MachineActor, e: Partial<ExceptionSnapshot> = {}) =>
    states.map((state) => {
      const d = decide(withExc({ ...e, state }), a, actor);
      return d.ok ? d.effect.exceptionState : "x";
    });
  assert.deepEqual(got(approve, COBRANZA), ["APR", "APR", "x", "x"]);
  assert.deepEqual(got(reject, COBRANZA), ["REC", "REC", "x", "x"]);
  assert.deepEqual(got(approve, TESORERIA), ["x", "x", "x", "x"]);
  assert.deepEqual(got(approve, TESORERIA, { needsTreasury: true }), ["PEN", "PEN", "x", "x"]);
  assert.deepEqual(got(approve, COBRANZA, { needsTreasury: true }), ["PEN", "PEN", "x", "x"]);
  assert.deepEqual(got(approve, COBRANZA, { needsTreasury: true, te: "APR" }), ["APR", "APR", "x", "x"]);
  assert.deepEqual(got(approve, COBRANZA, { co: "APR" }), ["x", "x", "x", "x"]);
  assert.deepEqual(got(approve, COBRANZA, { createdBy: COBRANZA.userId }), ["x", "x", "x", "x"]);
  for (const actor of [ADMIN, OWNER]) {
    assert.deepEqual(got(approve, actor), ["x", "x", "x", "x"]);
    assert.deepEqual(got(reject, actor), ["x", "x", "x", "x"]);
  }
  const done = decide(withExc({}), approve, COBRANZA);
  assert.deepEqual(done, {
    ok: true,
    effect: { exceptionState: "APR", exceptionReview: { kind: "CO", result: "APR" }, isExcepcion: true },
  });
  assert.equal(decide(snap("NEW"), approve, COBRANZA).ok, false);
});

Deno.test("offers: what each screen shows follows the decisions", () => {
  const tenant = offers(snap("NEW"), OWNER);
  assert.equal(tenant.save && tenant.send && !tenant.renew && !tenant.review, true);
  assert.equal(offers(snap("IOK"), OWNER).renew, true);
  const co = offers(snap("ENV"), COBRANZA);
  assert.equal(co.review && co.reviewAllowed && co.bankValidation && co.treasury, true);
  const admin = offers(snap("ENV"), ADMIN);
  assert.equal(admin.review && !admin.reviewAllowed, true);
  assert.equal(offers(snap("NEW"), ADMIN).exceptionRegister, true);
  assert.equal(offers(snap("ENV"), ADMIN).exceptionRegister, false);
});

// ---- Part 2: reception and vault ----------------------------------------------------------------------

const RECEPCION: MachineActor = { ...TESORERIA, receptionist: true, vaultKeeper: true };
const receive = (stateType: "GAR0" | "GAR1" | "GAR2", receives = true): Action => ({
  type: "receive",
  stateType,
  receives,
});

Deno.test("reception: an approved guarantee not yet received, with a state of the type it gives", () => {
  //                                   PEN  NEW  ENV  OBS  REC  IOK  REQ  RRE  NRE
  expectRow(receive("GAR1"), RECEPCION, ["x", "x", "x", "x", "x", "=", "x", "x", "x"]);
  expectRow(receive("GAR2"), RECEPCION, ["x", "x", "x", "x", "x", "=", "x", "x", "x"], { type: "GAR2" });
  // A state of the other type, an already received or renewed guarantee, no guarantee: refused.
  expectRow(receive("GAR2"), RECEPCION, Array(9).fill("x"));
  expectRow(receive("GAR1"), RECEPCION, Array(9).fill("x"), { type: "GAR2" });
  expectRow(receive("GAR1"), RECEPCION, Array(9).fill("x"), { isRecepcionada: true });
  expectRow(receive("GAR1"), RECEPCION, Array(9).fill("x"), { isRenovada: true });
  expectRow(receive("GAR0"), RECEPCION, Array(9).fill("x"), { type: "GAR0" });
  // An approved EFE exception on a letter: what is received is cash.
  const efe = {
    isExcepcion: true,
    exception: exception({ state: "APR", type: "EFE", guaranteeType: "GAR2" }),
  };
  expectRow(receive("GAR2"), RECEPCION, ["x", "x", "x", "x", "x", "=", "x", "x", "x"], efe);
  expectRow(receive("GAR1"), RECEPCION, Array(9).fill("x"), efe);
  // Without the reception permission: refused whatever the state.
  for (const actor of [TESORERIA, COBRANZA, ADMIN, OWNER]) {
    expectRow(receive("GAR1"), actor, Array(9).fill("x"));
  }
  assert.deepEqual(decide(snap("IOK"), receive("GAR1"), COBRANZA), {
    ok: false,
    errorId: 600,
    message: "El usuario no cuenta con los permisos necesarios.",
  });
  // A state that receives marks the guarantee recepcionada; a red one ('No Recibida') leaves it pending.
  assert.deepEqual(decide(snap("IOK"), receive("GAR1"), RECEPCION), {
    ok: true,
    effect: { isRecepcionada: true },
  });
  assert.deepEqual(decide(snap("IOK"), receive("GAR1", false), RECEPCION), { ok: true, effect: {} });
  assert.deepEqual(decide(snap("NEW"), receive("GAR1"), RECEPCION), {
    ok: false,
    errorId: 449,
    message: "Solo se recepciona una garantía Aprobada (está Ingresado).",
  });
  assert.equal(canReceive(snap("IOK"), RECEPCION), true);
  assert.equal(canReceive(snap("IOK", { type: "GAR2" }), RECEPCION), true);
  assert.equal(canReceive(snap("IOK", { isRecepcionada: true }), RECEPCION), false);
});

Deno.test("vault: a received bank letter, in any state, by the vault permission", () => {
  const store: Action = { type: "store" };
  const received = { isRecepcionada: true };
  //                        PEN  NEW  ENV  OBS  REC  IOK  REQ  RRE  NRE
  expectRow(store, RECEPCION, ["=", "=", "=", "=", "=", "=", "=", "=", "="], received);
  expectRow(store, RECEPCION, Array(9).fill("x"));
  expectRow(store, RECEPCION, Array(9).fill("x"), { ...received, type: "GAR2" });
  // A cash guarantee whose approved CFZ exception gives a letter goes to the vault.
  const cfz = {
    ...received,
    type: "GAR2" as const,
    isExcepcion: true,
    exception: exception({ state: "APR", type: "CFZ", guaranteeType: "GAR1" }),
  };
  expectRow(store, RECEPCION, ["=", "=", "=", "=", "=", "=", "=", "=", "="], cfz);
  for (const actor of [TESORERIA, COBRANZA, ADMIN, OWNER]) {
    expectRow(store, actor, Array(9).fill("x"), received);
  }
  assert.equal(canStore(snap("IOK", received), RECEPCION), true);
  assert.equal(canStore(snap("IOK"), RECEPCION), false);
});
