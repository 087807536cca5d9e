// The reprimand approval rules (spec 3 sections 4 and 6), pure: the three boxes, the caller's box and the
// request give the box to write or the Spanish refusal. A reprimand is final once all three boxes are
// decided; each box is decided once, by its own approver (docs/decisions.md, Reprimands).

import { FORBIDDEN, STATE_CONFLICT } from "#contract/errors.ts";
import {
  type Box,
  BOX_DECIDED,
  BOXES,
  type Decision,
  FINAL,
  NOT_APPROVER,
  type ReprimandState,
} from "#contract/reprimands.ts";
import { roundHalfUp } from "../numbers.ts";

export type Boxes = Record<Box, Decision>;

export type Verdict =
  | { ok: true; box: Box; approve: boolean }
  | { ok: false; errorId: typeof STATE_CONFLICT | typeof FORBIDDEN; message: string };

export const isFinal = (b: Boxes) => BOXES.every((x) => b[x] != null);

/** Pending until the three have decided; then approved only when all three approved. */
export function stateOf(b: Boxes): ReprimandState {
  if (!isFinal(b)) return "PENDIENTE";
  return BOXES.every((x) => b[x] === true) ? "APROBADA" : "DESAPROBADA";
}

/** Whether the caller may decide now (the detail dialog enables 'Aprobar'/'Desaprobar' with it). */
export const canDecide = (b: Boxes, mine: Box | null) => mine != null && !isFinal(b) && b[mine] == null;

/** The caller (by its box, null for a viewer) approves or disapproves: what to write, or why not. */
export function decide(b: Boxes, mine: Box | null, approve: boolean): Verdict {
  if (mine == null) return { ok: false, errorId: FORBIDDEN, message: NOT_APPROVER };
  if (isFinal(b)) return { ok: false, errorId: STATE_CONFLICT, message: FINAL };
  if (b[mine] != null) return { ok: false, errorId: STATE_CONFLICT, message: BOX_DECIDED };
  return { ok: true, box: mine, approve };
}

/** The final amount: the base less the discount, rounded half away from zero to cents. */
export const finalAmount = (base: number, discountPct: number): number =>
  roundHalfUp((base * (100 - discountPct)) / 100);
