// The flag rules of spec 3 section 4, table-driven: each action allowed exactly under its conditions, and the
// 'require' action of Requerimiento de CF. Through decide(), the one state machine.
import assert from "node:assert/strict";
import { FLAG_ACTIONS, type FlagAction, flagOffers } from "../../services/guarantees/flag_rules.ts";
import { decide, type MachineActor, type Snapshot } from "../../services/guarantees/state_machine.ts";

const TODAY = "2026-06-15";
const BEFORE = "2026-06-01";
const AFTER = "2026-07-01";

/** A required bank letter, approved earlier, expiring after today; no extension, no letters. */
const base: Snapshot = {
  state: "REQ",
  type: "GAR1",
  isRenovada: false,
  isExcepcion: false,
  enVentanaRenovacion: true,
  bankCode: "BCP",
  exception: null,
  reviews: {},
  isRequerida: true,
  isDesistida: false,
  isEjecutada: false,
  today: TODAY,
  letterExpiry: AFTER,
  extensionExpiry: null,
  executionLetter: false,
  desistLetter: false,
};

const STAFF: MachineActor = {
  userId: 1,
  roleId: 116,
  owner: false,
  exceptionRegistrar: false,
  reviewScreens: true,
  requirer: true,
};
const NOT_REQUIRER: MachineActor = { ...STAFF, requirer: false };

type Row = [string, Partial<Snapshot>, FlagAction[]];

// Each row: a situation and exactly the flag actions it allows (delivery_moment needs no CO/TE review).
const TABLE: Row[] = [
  ["required, expiring later", {}, ["desist_letter", "extend", "delivery_moment"]],
  ["not required", { isRequerida: false }, ["delivery_moment"]],
  ["required and desistida", { isDesistida: true }, ["extend", "delivery_moment"]],
  ["renewed", { isRenovada: true }, ["desist_letter", "delivery_moment"]],
  ["expires today", { letterExpiry: TODAY }, ["desist_letter", "delivery_moment"]],
  ["expired", { letterExpiry: BEFORE }, ["desist_letter", "execution_letter", "delivery_moment"]],
  ["expired, renewed", { letterExpiry: BEFORE, isRenovada: true }, ["desist_letter", "delivery_moment"]],
  ["extension not yet over", { extensionExpiry: AFTER }, ["desist_letter", "delivery_moment"]],
  ["extension over", { letterExpiry: BEFORE, extensionExpiry: BEFORE }, [
    "desist_letter",
    "execution_letter",
    "delivery_moment",
  ]],
  ["expired, extension running", { letterExpiry: BEFORE, extensionExpiry: AFTER }, [
    "desist_letter",
    "delivery_moment",
  ]],
  ["execution letter exists", { letterExpiry: BEFORE, executionLetter: true, isEjecutada: true }, [
    "desist_letter",
    "execution_delivery",
    "cheque",
    "delivery_moment",
  ]],
  ["execution and desistimiento letters", {
    letterExpiry: BEFORE,
    executionLetter: true,
    isEjecutada: true,
    desistLetter: true,
    isDesistida: true,
  }, ["execution_delivery", "cheque", "desist_delivery", "delivery_moment"]],
  ["desistimiento letter without execution letter", { desistLetter: true, isDesistida: true }, [
    "extend",
    "delivery_moment",
  ]],
  ["collections reviewed", { reviews: { CO: "verde" } }, ["desist_letter", "extend"]],
  ["treasury reviewed", { reviews: { TE: "rojo" } }, ["desist_letter", "extend"]],
  ["cash, not required", { type: "GAR2", isRequerida: false, letterExpiry: null }, []],
];

for (const [name, more, allowed] of TABLE) {
  Deno.test(`flag rules: ${name}`, () => {
    const s = { ...base, ...more };
    const offered = flagOffers(s, STAFF);
    for (const a of FLAG_ACTIONS) {
      const d = decide(s, { type: "flag", action: a }, STAFF);
      assert.equal(
        d.ok,
        allowed.includes(a),
        `${a}: ${d.ok ? "allowed" : (d as { message: string }).message}`,
      );
      assert.equal(offered[a], d.ok);
      if (!d.ok) assert.equal(d.errorId, 449);
    }
  });
}

Deno.test("flag rules: without the requirement permission every action is refused with 600", () => {
  for (const a of FLAG_ACTIONS) {
    const d = decide(
      { ...base, letterExpiry: BEFORE, executionLetter: true },
      { type: "flag", action: a },
      NOT_REQUIRER,
    );
    assert.equal(d.ok, false);
    assert.equal(!d.ok && d.errorId, 600);
  }
});

Deno.test("flag rules: the effects (desistida, ejecutada, extension)", () => {
  const expired = { ...base, letterExpiry: BEFORE };
  assert.deepEqual(decide(base, { type: "flag", action: "desist_letter" }, STAFF), {
    ok: true,
    effect: { isDesistida: true },
  });
  assert.deepEqual(decide(base, { type: "flag", action: "extend" }, STAFF), {
    ok: true,
    effect: { extension: true },
  });
  assert.deepEqual(decide(expired, { type: "flag", action: "execution_letter" }, STAFF), {
    ok: true,
    effect: { isEjecutada: true },
  });
});

// 'require' (Requerimiento de CF): an approved letter in its window, not renewed, not yet required.
const approved: Snapshot = { ...base, state: "IOK", isRequerida: false };
const REQUIRE: [string, Partial<Snapshot>, string | null][] = [
  ["approved first letter in its window", {}, "REQ"],
  ["approved renewal letter", { letterKind: 384 }, "RRE"],
  ["outside the window", { enVentanaRenovacion: false }, null],
  ["already required", { isRequerida: true }, null],
  ["renewed", { isRenovada: true }, null],
  ["in review", { state: "ENV" }, null],
  ["cash", { type: "GAR2" }, null],
];
for (const [name, more, state] of REQUIRE) {
  Deno.test(`require: ${name}`, () => {
    const d = decide({ ...approved, ...more }, { type: "require" }, STAFF);
    assert.equal(d.ok, state !== null);
    if (d.ok) assert.deepEqual(d.effect, { state, isRequerida: true });
    assert.equal(decide({ ...approved, ...more }, { type: "require" }, NOT_REQUIRER).ok, false);
  });
}
