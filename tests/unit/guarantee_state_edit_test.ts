// update_estado in the state machine: the state editor moves a guarantee exactly one step of the review
// cycle (either way); every other pair of states, another actor, and a letter past the cycle are refused.
import assert from "node:assert/strict";
import { decide, type MachineActor, type Snapshot } from "../../services/guarantees/state_machine.ts";
import { type StateCode, STATES } from "#contract/guarantees/guarantees.ts";

const snap = (state: StateCode, more: Partial<Snapshot> = {}): Snapshot => ({
  state,
  type: "GAR1",
  isRenovada: false,
  isExcepcion: false,
  enVentanaRenovacion: false,
  bankCode: "BCP",
  exception: null,
  reviews: {},
  ...more,
});

const EDITOR: MachineActor = {
  userId: 1,
  roleId: 4,
  owner: false,
  exceptionRegistrar: true,
  reviewScreens: true,
  stateEditor: true,
};
const REVIEWER: MachineActor = { ...EDITOR, roleId: 115, stateEditor: false };

// Written from the cycle (spec 3 section 4): save Pendiente→Ingresado; send Ingresado, Ingresado Renovación,
// Observado, Rechazado→En Revisión; review En Revisión→Aprobado, Observado, Rechazado.
const ALLOWED = new Set([
  "PEN>NEW",
  "NEW>PEN",
  "NEW>ENV",
  "ENV>NEW",
  "NRE>ENV",
  "ENV>NRE",
  "OBS>ENV",
  "ENV>OBS",
  "REC>ENV",
  "ENV>REC",
  "ENV>IOK",
  "IOK>ENV",
]);

Deno.test("update_estado: exactly the steps of the review cycle, either way", () => {
  for (const from of STATES) {
    for (const to of STATES) {
      const d = decide(snap(from), { type: "set_state", to }, EDITOR);
      assert.equal(d.ok, ALLOWED.has(`${from}>${to}`), `${from} → ${to}`);
      if (d.ok) assert.deepEqual(d.effect, { state: to });
      else assert.equal(d.errorId, 449);
    }
  }
});

Deno.test("update_estado: refused to anyone but the state editor, and past the review cycle", () => {
  const other = decide(snap("ENV"), { type: "set_state", to: "IOK" }, REVIEWER);
  assert.deepEqual([other.ok, !other.ok && other.errorId], [false, 600]);
  for (
    const more of [
      { isRenovada: true },
      { isRequerida: true },
      { isDesistida: true },
      { isEjecutada: true },
      { isRecepcionada: true },
    ] as Partial<Snapshot>[]
  ) {
    const d = decide(snap("IOK", more), { type: "set_state", to: "ENV" }, EDITOR);
    assert.equal(d.ok, false, JSON.stringify(more));
  }
});
