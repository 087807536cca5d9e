// What the state machine of guarantees reads and answers (state_machine.ts): the snapshot of a guarantee,
// the actor, the effect of an allowed action and the decision. Its own file so that the flag rules
// (flag_rules.ts), which decide() calls, read these types without importing the machine back. Pure types.

import type { FORBIDDEN, STATE_CONFLICT } from "#contract/errors.ts";
import type { Color, ExceptionState, ReviewKind, StateCode, TypeCode } from "./rules.ts";

export interface ExceptionSnapshot {
  state: ExceptionState;
  type: string;
  /** The guarantee the exception gives instead (EFE cash, CFZ letter), or null. */
  guaranteeType: TypeCode | null;
  needsTreasury: boolean;
  createdBy: number | null;
  co: "APR" | "REC" | null;
  te: "APR" | "REC" | null;
}

export interface Snapshot {
  state: StateCode;
  type: TypeCode;
  isRenovada: boolean;
  isExcepcion: boolean;
  enVentanaRenovacion: boolean;
  bankCode: string | null;
  /** 'Permitir la validación de cartas fianza con el banco' is off (absent: on). */
  bankValidationOff?: boolean;
  exception: ExceptionSnapshot | null;
  /** The collections and treasury reviews of the current round. */
  reviews: Partial<Record<"CO" | "TE", Color>>;
  /** Received (part 2's reception); absent reads as not received. */
  isRecepcionada?: boolean;
  /** Required by a notarial letter (part 2's Requerimiento de CF); absent reads as not required. */
  isRequerida?: boolean;
  /** 383 Primera or 384 Renovación (absent: Primera). */
  letterKind?: number;
  /** For the flag rules (section 4): Lima's today, the letter's and the extension's expiry (ISO days). */
  today?: string;
  letterExpiry?: string | null;
  extensionExpiry?: string | null;
  isDesistida?: boolean;
  isEjecutada?: boolean;
  /** An execution / desistimiento letter exists. */
  executionLetter?: boolean;
  desistLetter?: boolean;
}

export interface MachineActor {
  userId: number;
  roleId: number;
  /** A tenant user whose session contract holds this guarantee (and who holds GARANTIAS_LOCATARIO). */
  owner: boolean;
  /** Staff holding GARANTIAS_EXCEPCION. */
  exceptionRegistrar: boolean;
  /** Staff holding GARANTIAS_REVISION or GARANTIAS_REVISION_2. */
  reviewScreens: boolean;
  /** Staff holding GARANTIAS_RECEPCION (absent: no). */
  receptionist?: boolean;
  /** Staff holding GARANTIAS_UBICACION_CARTA_FIANZA (absent: no). */
  vaultKeeper?: boolean;
  /** Staff holding GARANTIAS_REQUERIMIENTO_CARTA_FIANZA (absent: no). */
  requirer?: boolean;
  /** Staff holding SUPERADMIN_CONFIG: may edit a guarantee's state directly (update_estado; absent: no). */
  stateEditor?: boolean;
}

export interface ExceptionTypeInfo {
  code: string;
  /** The guarantee type it applies to, or null for any. */
  forType: TypeCode | null;
}

export interface Effect {
  /** The guarantee's next state (absent: unchanged). */
  state?: StateCode;
  /** A review to record in the current round (after opening a new one when newRound). */
  review?: { kind: ReviewKind; color: Color };
  newRound?: boolean;
  /** Renew: mark this detail renewed and create the renewal detail. */
  renewal?: { state: StateCode; letterKind: number };
  /** The exception's next state; null deletes it. */
  exceptionState?: ExceptionState | null;
  exceptionReview?: { kind: "CO" | "TE"; result: "APR" | "REC" };
  resetExceptionReviews?: boolean;
  isExcepcion?: boolean;
  isRecepcionada?: boolean;
  isRequerida?: boolean;
  isDesistida?: boolean;
  isEjecutada?: boolean;
  /** Enable the extension: its expiry is the letter's plus the parameter's days. */
  extension?: boolean;
}

export type Decision =
  | { ok: true; effect: Effect }
  | { ok: false; errorId: typeof STATE_CONFLICT | typeof FORBIDDEN; message: string };
