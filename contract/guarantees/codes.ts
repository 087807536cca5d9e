// The guarantee area's codes (spec 3): states, types, verdicts and the validation result's shape, the
// lowest layer of the guarantee contract: guarantee_answers.ts and guarantees.ts both read them (and
// guarantees.ts re-exports them), so the answers no longer import the module that re-exports them. Pure.

// ---- Codes -------------------------------------------------------------------------------------------

export const STATES = ["PEN", "NEW", "ENV", "OBS", "REC", "IOK", "REQ", "RRE", "NRE"] as const;
export type StateCode = typeof STATES[number];

/** GAR1 bank letter, GAR2 cash operation, GAR0 no guarantee. */
export type TypeCode = "GAR0" | "GAR1" | "GAR2";
export const LETTER: TypeCode = "GAR1";
export const CASH: TypeCode = "GAR2";
export const NONE: TypeCode = "GAR0";

export const EXCEPTION_STATES = ["ING", "PEN", "APR", "REC"] as const;
export type ExceptionState = typeof EXCEPTION_STATES[number];

export const EXCEPTION_STATE_LABELS: Record<ExceptionState, string> = {
  ING: "Ingresado",
  PEN: "Pendiente",
  APR: "Aprobado",
  REC: "Rechazado",
};

/** A collections or treasury verdict on an exception. */
export type Verdict = "APR" | "REC";
export type ReviewKind = "LO" | "CO" | "TE";
export type Color = "verde" | "rojo";
export type EditMode = "main" | "exception" | null;

/** Letter kinds (id_tipo_carta_fianza). */
export const FIRST_LETTER = 383;
export const RENEWAL_LETTER = 384;
export type LetterKindId = typeof FIRST_LETTER | typeof RENEWAL_LETTER;
export const LETTER_KINDS = [
  { label: "Primera", value: FIRST_LETTER },
  { label: "Renovación", value: RENEWAL_LETTER },
] as const;

/** Only letters of these banks can be validated with the bank by mail. */
export const BANK_VALIDATION_CODES = ["BBVA", "BCP"];

// ---- Validation results ------------------------------------------------------------------------------

export interface ValidationMessage {
  field: string;
  message: string;
}

/** The spec's validation result: success and the list of field messages. */
export interface ValidationResult {
  success: boolean;
  validationMessages: ValidationMessage[];
}
