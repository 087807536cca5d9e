// The one state machine of guarantees and their exceptions (spec 3 section 4). Pure: a snapshot of the
// guarantee, an action and the actor give either the effect to apply or the Spanish refusal. The services
// call decide() inside the write's transaction, on the row they locked, and apply exactly its effect.

import { FORBIDDEN, STATE_CONFLICT } from "#contract/errors.ts";
import {
  BANK_VALIDATION_OFF,
  type EditMode,
  type GuaranteeActions,
} from "#contract/guarantees/guarantees.ts";
import {
  BANK_VALIDATION_CODES,
  COLLECTIONS_ROLE,
  type Color,
  EXCEPTION_FIELDS_STATES,
  EXCEPTION_REGISTER_STATES,
  EXCEPTION_STATE_LABELS,
  LETTER,
  NON_REVIEWER_MESSAGE,
  NONE,
  RENEWAL_LETTER,
  REVIEW_KIND_NAMES,
  STATE_LABELS,
  type StateCode,
  TENANT_EDITABLE,
  TREASURY_ROLE,
  type TypeCode,
} from "./rules.ts";
import { decideFlag, type FlagAction } from "./flag_rules.ts";
import type {
  Decision,
  Effect,
  ExceptionSnapshot,
  ExceptionTypeInfo,
  MachineActor,
  Snapshot,
} from "./snapshot.ts";

export type { Decision, Effect, ExceptionSnapshot, ExceptionTypeInfo, MachineActor, Snapshot };
import { stateSteps } from "#contract/guarantees/state.ts";

export type Action =
  | { type: "save"; main: boolean; exception: boolean }
  | { type: "send" }
  | { type: "approve" }
  | { type: "reject" }
  | { type: "renew" }
  | { type: "bank_validation" }
  | { type: "exception_register"; exceptionType: ExceptionTypeInfo }
  | { type: "exception_update"; exceptionType: ExceptionTypeInfo }
  | { type: "exception_delete" }
  | { type: "exception_approve" }
  | { type: "exception_reject" }
  /** Recepción de Garantía: a reception state of `stateType`; `receives` marks the guarantee recepcionada. */
  | { type: "receive"; stateType: TypeCode; receives: boolean }
  /** Bóveda de Garantías: record where a received bank letter is kept. */
  | { type: "store" }
  /** Requerimiento de CF: a notarial letter requires the renewal of a letter about to expire. */
  | { type: "require" }
  /** The flag rules of a required letter (flag_rules.ts). */
  | { type: "flag"; action: FlagAction }
  /** update_estado: the state editor moves the guarantee one step of the review cycle, forward or back. */
  | { type: "set_state"; to: StateCode };

export type ActionType = Action["type"];

const allow = (effect: Effect = {}): Decision => ({ ok: true, effect });
const refuse = (message: string): Decision => ({ ok: false, errorId: STATE_CONFLICT, message });
const forbid = (message: string): Decision => ({ ok: false, errorId: FORBIDDEN, message });

export const NOT_OWNER = "Solo el locatario del contrato puede realizar esta acción.";
export const NO_PERMISSION = "El usuario no cuenta con los permisos necesarios.";

/** An exception approved and flagged on the guarantee. */
export const hasApprovedException = (s: Snapshot) => s.exception?.state === "APR" && s.isExcepcion;

const exceptionInProcess = (s: Snapshot) => s.exception?.state === "ING" || s.exception?.state === "PEN";

/** The type the reviewers look at: an approved exception's guarantee type, else the guarantee's. */
export function effectiveType(s: Snapshot): TypeCode {
  return hasApprovedException(s) && s.exception?.guaranteeType ? s.exception.guaranteeType : s.type;
}

/** TE applies to a bank letter without exception, or to an exception that gives a bank letter. */
export function treasuryApplies(s: Snapshot): boolean {
  if (hasApprovedException(s)) return s.exception?.guaranteeType === LETTER;
  return s.type === LETTER;
}

export function requiredReviews(s: Snapshot): ("CO" | "TE")[] {
  return treasuryApplies(s) ? ["CO", "TE"] : ["CO"];
}

export const reviewKindOf = (roleId: number): "CO" | "TE" | null =>
  roleId === COLLECTIONS_ROLE ? "CO" : roleId === TREASURY_ROLE ? "TE" : null;

/** Why the tenant may not update the guarantee now, or null when it may. */
function tenantUpdateRefusal(s: Snapshot): string | null {
  if (!TENANT_EDITABLE.includes(s.state)) {
    return `La garantía está ${STATE_LABELS[s.state]}: sus datos no se pueden modificar.`;
  }
  if (exceptionInProcess(s)) {
    return "La garantía tiene una excepción en revisión: espere su resultado para actualizarla.";
  }
  return null;
}

/** What the actor may edit now: the main fields, only the exception's fields, or nothing. */
export function editMode(s: Snapshot, actor: MachineActor): EditMode {
  if (!actor.owner || tenantUpdateRefusal(s)) return null;
  return EXCEPTION_FIELDS_STATES.includes(s.state) && hasApprovedException(s) ? "exception" : "main";
}

export function decide(s: Snapshot, action: Action, actor: MachineActor): Decision {
  switch (action.type) {
    case "save":
    case "send": {
      if (!actor.owner) return forbid(NOT_OWNER);
      const why = tenantUpdateRefusal(s);
      if (why) return refuse(why);
      const mode = editMode(s, actor);
      if (action.type === "save") {
        if (action.main && mode === "exception") {
          return refuse(
            "La garantía tiene una excepción aprobada: solo se pueden modificar los datos de la excepción.",
          );
        }
        if (action.exception && mode !== "exception") {
          return refuse(
            "La garantía no tiene una excepción aprobada: no hay datos de excepción que modificar.",
          );
        }
        return allow(s.state === "PEN" ? { state: "NEW" } : {});
      }
      if (s.type === NONE && !hasApprovedException(s)) {
        return refuse("La garantía es de tipo Sin Garantía: no requiere revisión.");
      }
      return allow({ state: "ENV", newRound: true, review: { kind: "LO", color: "verde" } });
    }
    case "approve":
    case "reject":
      return review(s, action.type === "approve" ? "verde" : "rojo", actor);
    case "renew": {
      if (!actor.owner) return forbid(NOT_OWNER);
      if (s.type !== LETTER) return refuse("Solo se puede renovar una carta fianza.");
      if (s.isRenovada) return refuse("La carta fianza ya fue renovada.");
      const inWindow = s.state === "IOK" && s.enVentanaRenovacion;
      // A required renewal letter (384) is En Requerimiento de Renovación: the tenant renews it the same way.
      if (s.state !== "REQ" && s.state !== "RRE" && !inWindow) {
        return refuse(
          "La carta fianza solo se puede renovar En Requerimiento (o En Requerimiento de Renovación), o Aprobada dentro de la ventana de renovación.",
        );
      }
      return allow({ renewal: { state: "NRE", letterKind: RENEWAL_LETTER } });
    }
    case "bank_validation": {
      if (!actor.reviewScreens) return forbid(NO_PERMISSION);
      if (s.state === "IOK") return refuse("La garantía ya fue aprobada.");
      if (effectiveType(s) !== LETTER || s.type !== LETTER) {
        return refuse("Solo se valida con el banco una carta fianza.");
      }
      if (!s.bankCode || !BANK_VALIDATION_CODES.includes(s.bankCode)) {
        return refuse("Solo las cartas fianza del BBVA o del BCP se validan con el banco.");
      }
      if (s.bankValidationOff) return refuse(BANK_VALIDATION_OFF);
      return allow();
    }
    case "exception_register":
    case "exception_update":
    case "exception_delete":
      return registerException(s, action, actor);
    case "exception_approve":
    case "exception_reject":
      return reviewException(s, action.type === "exception_approve", actor);
    case "receive":
      return receive(s, action, actor);
    case "store":
      return store(s, actor);
    case "require":
      return requireLetter(s, actor);
    case "flag":
      return decideFlag(s, action.action, actor);
    case "set_state":
      return setState(s, action.to, actor);
  }
}

function setState(s: Snapshot, to: StateCode, actor: MachineActor): Decision {
  if (!actor.stateEditor) return forbid(NO_PERMISSION);
  if (s.state === to) return refuse(`La garantía ya está ${STATE_LABELS[to]}.`);
  if (s.isRenovada) return refuse("La carta fianza ya fue renovada.");
  if (s.isRequerida || s.isDesistida || s.isEjecutada) {
    return refuse("La carta fianza fue requerida: su estado lo llevan el requerimiento y sus cartas.");
  }
  if (s.state === "IOK" && s.isRecepcionada) return refuse("La garantía ya fue recepcionada.");
  if (!stateSteps(s.state).includes(to)) {
    return refuse(
      `No se puede pasar una garantía de ${STATE_LABELS[s.state]} a ${STATE_LABELS[to]} directamente.`,
    );
  }
  return allow({ state: to });
}

/**
 * Requerimiento de CF: an approved bank letter (not renewed, not yet required) inside its renewal window;
 * a first letter goes En Requerimiento, a renewal letter En Requerimiento de Renovación.
 */
function requireLetter(s: Snapshot, actor: MachineActor): Decision {
  if (!actor.requirer) return forbid(NO_PERMISSION);
  if (s.type !== LETTER || effectiveType(s) !== LETTER) {
    return refuse("Solo se requiere la renovación de una carta fianza.");
  }
  if (s.isRenovada) return refuse("La carta fianza ya fue renovada.");
  if (s.isRequerida) return refuse("La carta fianza ya fue requerida.");
  if (s.state !== "IOK") {
    return refuse(`Solo se requiere una carta fianza Aprobada (está ${STATE_LABELS[s.state]}).`);
  }
  if (!s.enVentanaRenovacion) return refuse("La carta fianza aún no está por vencer.");
  return allow({ state: s.letterKind === RENEWAL_LETTER ? "RRE" : "REQ", isRequerida: true });
}

/** Whether Requerimiento de CF offers the letter for 'Generar'. */
export const canRequire = (s: Snapshot, actor: MachineActor) => decide(s, { type: "require" }, actor).ok;

/** Reception: an approved guarantee not yet received, with a reception state of the type it gives. */
function receive(s: Snapshot, action: Extract<Action, { type: "receive" }>, actor: MachineActor): Decision {
  if (!actor.receptionist) return forbid(NO_PERMISSION);
  const type = effectiveType(s);
  if (type === NONE) return refuse("Una garantía Sin Garantía no se recepciona.");
  if (s.state !== "IOK") {
    return refuse(`Solo se recepciona una garantía Aprobada (está ${STATE_LABELS[s.state]}).`);
  }
  if (s.isRecepcionada) return refuse("La garantía ya fue recepcionada.");
  if (s.isRenovada) return refuse("La carta fianza ya fue renovada: se recepciona su renovación.");
  if (action.stateType !== type) {
    return refuse("El estado de recepción no corresponde al tipo de garantía.");
  }
  return allow(action.receives ? { isRecepcionada: true } : {});
}

/** Vault: a received bank letter (by its type or its approved exception's). */
function store(s: Snapshot, actor: MachineActor): Decision {
  if (!actor.vaultKeeper) return forbid(NO_PERMISSION);
  if (effectiveType(s) !== LETTER) return refuse("Solo las cartas fianza se guardan en la bóveda.");
  if (!s.isRecepcionada) return refuse("Solo se guarda en la bóveda una carta fianza recepcionada.");
  return allow();
}

/** Whether the reception screen offers 'Recepcionar' (with any state of the guarantee's type). */
export const canReceive = (s: Snapshot, actor: MachineActor) =>
  decide(s, { type: "receive", stateType: effectiveType(s), receives: true }, actor).ok;

/** Whether the vault screen offers 'Guardar en bóveda'. */
export const canStore = (s: Snapshot, actor: MachineActor) => decide(s, { type: "store" }, actor).ok;

function review(s: Snapshot, color: Color, actor: MachineActor): Decision {
  const kind = reviewKindOf(actor.roleId);
  if (!kind) return forbid(NON_REVIEWER_MESSAGE);
  if (s.state === "IOK") return refuse("La garantía ya fue aprobada.");
  if (s.state !== "ENV" && s.state !== "OBS") {
    return refuse(`Solo se puede revisar una garantía En Revisión (está ${STATE_LABELS[s.state]}).`);
  }
  const required = requiredReviews(s);
  if (!required.includes(kind)) return refuse("Esta garantía no requiere la revisión de Tesorería.");
  if (s.reviews[kind]) {
    return refuse(`Ya se registró la revisión de ${REVIEW_KIND_NAMES[kind]} de esta garantía.`);
  }
  const after = { ...s.reviews, [kind]: color };
  const red = required.some((k) => after[k] === "rojo");
  const complete = required.every((k) => after[k]);
  const state: StateCode = complete ? (red ? "REC" : "IOK") : red ? "OBS" : "ENV";
  return allow({ state, review: { kind, color } });
}

function registerException(
  s: Snapshot,
  action: Extract<Action, { type: "exception_register" | "exception_update" | "exception_delete" }>,
  actor: MachineActor,
): Decision {
  if (!actor.exceptionRegistrar) return forbid(NO_PERMISSION);
  if (s.type === NONE) return refuse("Una garantía Sin Garantía no admite excepciones.");
  if (!EXCEPTION_REGISTER_STATES.includes(s.state)) {
    return refuse(
      `Solo se registra, modifica o elimina una excepción cuando la garantía está Ingresada, Pendiente o Rechazada (está ${
        STATE_LABELS[s.state]
      }).`,
    );
  }
  if (action.type === "exception_register" && s.exception) {
    return refuse("La garantía ya tiene una excepción registrada.");
  }
  if (action.type !== "exception_register" && !s.exception) {
    return refuse("La garantía no tiene una excepción registrada.");
  }
  if (action.type === "exception_delete") return allow({ exceptionState: null, isExcepcion: false });
  if (s.exception && (s.exception.state === "APR" || s.exception.state === "PEN")) {
    return refuse(
      `La excepción está ${EXCEPTION_STATE_LABELS[s.exception.state]}: ya no se puede modificar.`,
    );
  }
  const forType = action.exceptionType.forType;
  if (forType && forType !== s.type) {
    return refuse("El tipo de excepción no corresponde al tipo de garantía.");
  }
  return allow({ exceptionState: "ING", resetExceptionReviews: true, isExcepcion: false });
}

function reviewException(s: Snapshot, approve: boolean, actor: MachineActor): Decision {
  const kind = reviewKindOf(actor.roleId);
  if (!kind) {
    return forbid(
      'Solo los usuarios con rol de "Revisor de Cobranza" o "Revisor de Tesorería" pueden aprobar o rechazar la Excepción.',
    );
  }
  const e = s.exception;
  if (!e) return refuse("La garantía no tiene una excepción registrada.");
  if (e.state !== "ING" && e.state !== "PEN") {
    return refuse(`La excepción está ${EXCEPTION_STATE_LABELS[e.state]}: ya no está pendiente de revisión.`);
  }
  if (kind === "TE" && !e.needsTreasury) {
    return refuse("Esta excepción no requiere la revisión de Tesorería.");
  }
  if ((kind === "CO" ? e.co : e.te) !== null) {
    return refuse(`Ya se registró la revisión de ${REVIEW_KIND_NAMES[kind]} de esta excepción.`);
  }
  if (e.createdBy === actor.userId) return refuse("No puede revisar una excepción que usted registró.");
  const result = approve ? "APR" : "REC";
  if (!approve) return allow({ exceptionState: "REC", exceptionReview: { kind, result } });
  const after = { CO: e.co, TE: e.te, [kind]: "APR" };
  const complete = after.CO === "APR" && (!e.needsTreasury || after.TE === "APR");
  return allow({
    exceptionState: complete ? "APR" : "PEN",
    exceptionReview: { kind, result },
    ...(complete ? { isExcepcion: true } : {}),
  });
}

/** The actions the screen offers this actor now (each with its decision, so a refusal can be explained). */
export function offers(s: Snapshot, actor: MachineActor): GuaranteeActions {
  const simple = (type: "send" | "renew" | "bank_validation" | "exception_delete") =>
    decide(s, { type }, actor).ok;
  const reviewKind = reviewKindOf(actor.roleId);
  return {
    editMode: editMode(s, actor),
    save: decide(s, { type: "save", main: false, exception: false }, actor).ok,
    send: simple("send"),
    renew: simple("renew"),
    bankValidation: simple("bank_validation"),
    review: (s.state === "ENV" || s.state === "OBS") && actor.reviewScreens,
    reviewAllowed: reviewKind !== null && decide(s, { type: "approve" }, actor).ok,
    exceptionRegister: actor.exceptionRegistrar && EXCEPTION_REGISTER_STATES.includes(s.state) &&
      s.type !== NONE && (!s.exception || s.exception.state === "ING" || s.exception.state === "REC"),
    exceptionDelete: simple("exception_delete"),
    exceptionReview: reviewKind !== null && decide(s, { type: "exception_approve" }, actor).ok,
    treasury: treasuryApplies(s),
  };
}
