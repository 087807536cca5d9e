// Constants of the guarantee area (spec 3 sections 4, 6 and 9) for the state machine, the services and the
// demo data; the codes the screens read too come from the contract.

export {
  BANK_VALIDATION_CODES,
  CASH,
  type Color,
  EXCEPTION_STATE_LABELS,
  EXCEPTION_STATES,
  type ExceptionState,
  FIRST_LETTER,
  LETTER,
  NON_REVIEWER_MESSAGE,
  NONE,
  RENEWAL_LETTER,
  type ReviewKind,
  type ReviewOption,
  type StateCode,
  STATES,
  type TypeCode,
} from "#contract/guarantees/guarantees.ts";
import type { ReviewKind, ReviewOption, StateCode } from "#contract/guarantees/guarantees.ts";
import { STATE_LABELS } from "#contract/guarantees/state.ts";

export const STATE_NAMES: Record<StateCode, string> = {
  PEN: "PENDIENTE",
  NEW: "INGRESADO",
  ENV: "EN_REVISION",
  OBS: "OBSERVADO",
  REC: "RECHAZADO",
  IOK: "APROBADO",
  REQ: "EN_REQUERIMIENTO",
  RRE: "EN_REQUERIMIENTO_RENOVACION",
  NRE: "INGRESADO_RENOVACION",
};

/** The states' labels live in the contract (the screens show them too). */
export { STATE_LABELS };

/** Role ids (docs/decisions.md): the collections and the treasury reviewer. */
export const COLLECTIONS_ROLE = 115;
export const TREASURY_ROLE = 116;

/** Tenant states in which the tenant may update its guarantee (spec 3 section 4). */
export const TENANT_EDITABLE: readonly StateCode[] = ["NEW", "PEN", "REC", "NRE"];
/** States in which only the exception's fields are editable once an exception is approved. */
export const EXCEPTION_FIELDS_STATES: readonly StateCode[] = ["NEW", "PEN", "REC"];
/** States in which an exception may be registered, updated or deleted. */
export const EXCEPTION_REGISTER_STATES: readonly StateCode[] = ["NEW", "PEN", "REC"];
/** States in which the main fields and the Guardar / Enviar buttons are locked. */
export const LOCKED_STATES: readonly StateCode[] = ["ENV", "RRE", "IOK"];

/** The option that says everything is right; it clears the others. */
export const ALL_CORRECT: ReviewOption = { id: "OK", label: "Toda la informacion es correcta" };

/** Treasury dialog: 7 options (spec 3 section 9). */
/** The treasury option that also mails the bank (only while bank validation is allowed). */
export const BANK_MAIL_OPTION = "TE_CORREO_VALIDACION";

export const TREASURY_OPTIONS: ReviewOption[] = [
  { id: "TE_FECHA_VENCIMIENTO", label: "Error en la fecha de vencimiento" },
  { id: "TE_IMPORTE", label: "Error en el importe" },
  { id: "TE_CONDICIONES", label: "Error en las condiciones" },
  { id: "TE_BENEFICIARIO", label: "Error en el beneficiario" },
  { id: "TE_EMISOR", label: "Error en el emisor valorado" },
  { id: "TE_CARTA_FALSA", label: "Carta fianza falsa" },
  { id: BANK_MAIL_OPTION, label: "Enviar correo de validación" },
];

/** Collections dialog: one option for a letter, two for cash. */
export const COLLECTIONS_LETTER_OPTIONS: ReviewOption[] = [
  { id: "CO_IMPORTE_FINAL", label: "Error en el importe final" },
];
export const COLLECTIONS_CASH_OPTIONS: ReviewOption[] = [
  ...COLLECTIONS_LETTER_OPTIONS,
  { id: "CO_NO_ABONO", label: "No ingresó abono" },
];

export const REVIEW_KIND_NAMES: Record<ReviewKind, string> = {
  LO: "Locatario",
  CO: "Cobranza",
  TE: "Tesorería",
};
