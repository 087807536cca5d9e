// The guarantee area's contract (spec 3): the codes, the bodies of every guarantee call with their Spanish
// messages, the answers the screens read, the file rules and the texts both sides show. Pure: zod and types.
import { z } from "zod";
import { hasTwoDecimals, INT_MAX, isIsoDay, money, optText, strict, text } from "../fields.ts";
import { readNumber } from "../number_text.ts";
import { formVersion, version } from "../versions.ts";
import { P, type PermissionId } from "../permissions.ts";

// ---- Codes: contract/guarantees/codes.ts -----------------------------------------------------------------
export * from "./codes.ts";
import { FIRST_LETTER, RENEWAL_LETTER, type ValidationMessage, type ValidationResult } from "./codes.ts";

// ---- Permissions -------------------------------------------------------------------------------------

/** Staff permissions that open the guarantee detail screens (and their attachments). */
export const GUARANTEE_STAFF_VIEW: readonly PermissionId[] = [
  P.GARANTIAS_REVISION,
  P.GARANTIAS_REVISION_2,
  P.GARANTIAS_EXCEPCION,
  P.GARANTIAS_RECEPCION,
  P.GARANTIAS_UBICACION_CARTA_FIANZA,
  P.GARANTIAS_REQUERIMIENTO_CARTA_FIANZA,
];

/** The two review lists' permissions, which open the approval screen. */
export const GUARANTEE_REVIEWERS: readonly PermissionId[] = [P.GARANTIAS_REVISION, P.GARANTIAS_REVISION_2];

// ---- Texts both sides show ---------------------------------------------------------------------------

export const NON_REVIEWER_MESSAGE =
  'Solo los usuarios con rol de "Revisor de Cobranza" o "Revisor de Tesorería" pueden aprobar o rechazar la Garantía.';
export const TICK_ONE = "Marque al menos una de las opciones presentadas para poder guardar la revisión.";

const shownAmount = (symbol: string, v: number) =>
  `${symbol} ${v.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** 'Toda la informacion es correcta' on a guarantee below the contract's minimum (AmountCheck). */
export const amountBelowMinimum = (
  c: { requerido: number; tolerancia: number; minimo: number },
  symbol: string,
) =>
  `El importe es menor al mínimo que acepta el contrato: ${shownAmount(symbol, c.minimo)} (${
    shownAmount(symbol, c.requerido)
  } menos la tolerancia de ${c.tolerancia} %). Marque el error en el importe.`;

/** The same check as the review dialog shows it. */
export const amountWithinTolerance = (
  c: { requerido: number; tolerancia: number; minimo: number },
  symbol: string,
) =>
  `Importe requerido por el contrato: ${
    shownAmount(symbol, c.requerido)
  }; con la tolerancia de ${c.tolerancia} %, ` +
  `mínimo ${shownAmount(symbol, c.minimo)}.`;

/** 'Validar con banco' (and the treasury option that mails the bank) while the parameter is off. */
export const BANK_VALIDATION_OFF =
  "La validación de cartas fianza con el banco está desactivada en la Configuración de Garantías.";
export const GUARANTEE_OBSERVATIONS = "Se encontraron observaciones en la información de la garantía.";
export const EXCEPTION_OBSERVATIONS = "Se encontraron las siguientes observaciones al registrar la Excepción";
export const EXCEPTION_SAVED = "INFORMACIÓN: La Excepción se ha guardado exitosamente.";
export const EXCEPTION_REVIEW_SAVED = "Guardado Exitoso: Se guardo la Revisión de la excepción.";
export const BANK_VALIDATION_SENT = "Envio exitoso: Se envio el correo de validación al banco.";
export const FILE_UPLOADED = "El archivo se cargó correctamente.";

// ---- Files -------------------------------------------------------------------------------------------

export type FileKind =
  | "carta_fianza"
  | "operacion"
  | "excepcion_sustento"
  | "excepcion_efectivo"
  | "excepcion_carta_fianza"
  /** The support of a letter's delivery moment (guarantees part 2, /api/guarantee-delivery-support). */
  | "sustento_entrega";
/** The attachments uploaded on their own (the exception's support goes with the exception form). */
export type DetailFileKind = Exclude<FileKind, "excepcion_sustento" | "sustento_entrega">;

export const FILE_MAX_BYTES = 20_971_520;
export const FILE_TOO_LARGE = "El archivo supera el tamaño máximo permitido (20 MB).";
export const FILE_EMPTY = "El archivo está vacío.";
export const FILE_TYPE = "Tipo de archivo no permitido. Solo se permiten archivos pdf, msg, xlsx y xls.";
export const FILE_TYPE_MSG = "Tipo de archivo no permitido. Solo se permiten archivos .msg.";
/**
 * A file whose name has an allowed extension but whose content is not of that kind (damaged, or renamed):
 * saying its type is not allowed misleads (issue 38), so it says what the file is not.
 */
export const fileNotValid = (ext: string) =>
  `El archivo no es un ${
    ({
      pdf: "PDF",
      msg: "correo .msg",
      xlsx: "libro de Excel (.xlsx)",
      xls: "libro de Excel (.xls)",
    } as Record<string, string>)[ext] ?? `archivo .${ext}`
  } válido.`;
export const ONE_FILE = "Debe adjuntar un único archivo.";

export const extensionsOf = (kind: FileKind): readonly string[] =>
  kind === "excepcion_sustento" ? ["msg"] : ["pdf", "msg", "xlsx", "xls"];

export const fileExtension = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? "";

/**
 * The spec's message for a file that cannot go by its size or name, or null. The screen checks it when a
 * file is picked; the server checks it again, then the content.
 */
export function fileProblem(file: { name: string; size: number }, kind: FileKind): string | null {
  if (file.size > FILE_MAX_BYTES) return FILE_TOO_LARGE;
  if (file.size < 1) return FILE_EMPTY;
  if (!extensionsOf(kind).includes(fileExtension(file.name))) {
    return kind === "excepcion_sustento" ? FILE_TYPE_MSG : FILE_TYPE;
  }
  return null;
}

// ---- Bodies ------------------------------------------------------------------------------------------

export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Fecha inválida.").refine(
  isIsoDay,
  "Fecha inválida.",
);
const optDate = isoDate.nullish().transform((x) => x ?? null);
const digits = (max: number, message: string) =>
  z.string().trim().regex(/^[0-9]*$/, message).max(max, `Máximo ${max} caracteres.`).nullish()
    .transform((x) => x || null);
const optId = z.number({ error: "Identificador inválido." }).int().positive().max(INT_MAX).nullish()
  .transform((x) => x ?? null);
const AMOUNT_DECIMALS = "El importe admite como máximo 2 decimales.";
const amount = money({
  required: "El importe debe ser un número.",
  notANumber: "El importe debe ser un número.",
  negative: "El importe no puede ser negativo.",
  max: 999_999_999_999,
  tooBig: "El importe es demasiado grande.",
  decimals: AMOUNT_DECIMALS,
}).nullish().transform((x) => x ?? null);
const letterKind = z.union([z.literal(FIRST_LETTER), z.literal(RENEWAL_LETTER)], {
  error: "Tipo de carta fianza inválido.",
});
const OPERATION_DIGITS = "El Nro. de Operación solo admite dígitos.";

const AFTER = "La Fecha de Vencimiento debe ser posterior a la Fecha de Emisión.";
const ordered = (a: string | null | undefined, b: string | null | undefined) => !a || !b || b > a;
const orderedLetter = {
  check: (v: { fecha_emision_carta_fianza: string | null; fecha_vencimiento_carta_fianza: string | null }) =>
    ordered(v.fecha_emision_carta_fianza, v.fecha_vencimiento_carta_fianza),
  where: { path: ["fecha_vencimiento_carta_fianza"], message: AFTER },
};

/** The approved exception's own fields, editable by the tenant once only they are. */
const exceptionFields = strict({
  id_banco_efectivo: optId,
  nro_operacion_efectivo: digits(20, OPERATION_DIGITS),
  fecha_deposito_efectivo: optDate,
  id_banco_carta_fianza: optId,
  nro_carta_fianza: optText(40),
  fecha_emision_carta_fianza: optDate,
  fecha_vencimiento_carta_fianza: optDate,
  id_tipo_carta_fianza: letterKind.nullish().transform((x) => x ?? null),
}).refine(orderedLetter.check, orderedLetter.where);

/** PUT /api/guarantees/:id, the guarantee detail save payload (spec 3 section 3); the id is the path's. */
export const guaranteeSaveBody = strict({
  razon_social: text("Debe ingresar la Razón Social.", 200),
  nombre_comercial: text("Debe ingresar el Nombre Comercial.", 200),
  id_banco: optId,
  importe: amount,
  id_tipo_carta_fianza: letterKind.default(FIRST_LETTER),
  nro_carta_fianza: optText(40),
  nro_operacion: digits(20, OPERATION_DIGITS),
  fecha_emision_carta_fianza: optDate,
  fecha_vencimiento_carta_fianza: optDate,
  excepcion: exceptionFields.nullish(),
  version,
}).refine(orderedLetter.check, orderedLetter.where);
/** What the screen sends. */
export type GuaranteeSaveBody = z.input<typeof guaranteeSaveBody>;
/** What the service receives. */
export type GuaranteeSaveInput = z.output<typeof guaranteeSaveBody>;
export type ExceptionFieldsInput = z.output<typeof exceptionFields>;

/** POST /api/guarantees/:id/review: the ticked options of the review dialog, by option id. */
export const guaranteeReviewBody = strict({
  options: z.record(z.string().max(40), z.boolean(), { error: "Opciones de revisión inválidas." })
    .refine((o) => Object.keys(o).length <= 20, "Opciones de revisión inválidas."),
  /** The guarantee's version as the screen read it (contract/versions.ts). */
  version,
});
export type GuaranteeReviewBody = z.input<typeof guaranteeReviewBody>;

/** POST /api/guarantee-exceptions/:id/review. */
export const exceptionReviewBody = strict({
  estado: z.enum(["APR", "REC"], { error: "Seleccione Aprobar o Rechazar." }),
  version,
});
export type ExceptionReviewBody = z.input<typeof exceptionReviewBody>;

/** GET /api/guarantees/files/:fileId. */
export const fileIdParam = z.object({
  fileId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "Identificador inválido."),
});

/** The text fields of POST /api/guarantees/:id/files (multipart, with the file in 'file'). */
export const uploadKindForm = z.object({
  kind: z.enum(["carta_fianza", "operacion", "excepcion_efectivo", "excepcion_carta_fianza"], {
    error: "Tipo de adjunto inválido.",
  }),
  /**
   * The guarantee's version as the screen read it (contract/versions.ts); null when missing or malformed,
   * refused by the service after the file's own checks (a person fixes the file first).
   */
  version: z.string().optional().transform(formVersion),
});

/**
 * Amounts as typed (contract/number_text.ts: '265,500.00' grouped, '1,5' a decimal comma); empty, malformed
 * or with more than 2 decimals is no amount.
 */
export function parseAmount(text: string): number | null {
  const r = readNumber(text);
  return r.ok && r.value != null && r.value >= 0 && hasTwoDecimals(r.value) ? r.value : null;
}

/** A form field read leniently: trimmed, cut to its length, blank is null. */
const lenient = (max: number) =>
  z.string().optional().transform((s) => (s ?? "").trim().slice(0, max) || null);

/**
 * The text fields of POST /api/guarantee-exceptions/:id (multipart, with the .msg support in 'sustento').
 * It never fails: what is missing or malformed becomes null, and validateException says what is wrong with
 * the spec's messages, all at once.
 */
export const exceptionForm = z.object({
  tipoExcepcion: lenient(10),
  numfactura: lenient(30),
  importe: lenient(30).transform((v) => {
    const r = v == null ? null : readNumber(v);
    if (!r?.ok || r.value == null || r.value < 0) return null;
    // An amount with more than 2 decimals is refused with its own message (NaN), never rounded nor taken as
    // missing.
    if (!hasTwoDecimals(r.value)) return Number.NaN;
    return r.value <= 999_999_999_999 ? r.value : null;
  }),
  moneda: lenient(10).transform((v) => (v && /^\d{1,9}$/.test(v) ? Number(v) : null)),
  fechaLimite: lenient(30).transform((v) => {
    const day = v?.slice(0, 10) ?? null;
    return day && isoDate.safeParse(day).success ? day : null;
  }),
  motivo: lenient(1000),
  /** The guarantee's version as the screen read it; null when missing or malformed (refused). */
  version: lenient(20).transform(formVersion),
});
/** The fields the screen puts in the form. */
export type ExceptionFormFields = Record<keyof z.input<typeof exceptionForm>, string>;
export type ExceptionInput = z.output<typeof exceptionForm>;

// ---- Validation results ------------------------------------------------------------------------------

export const validationResult = (validationMessages: ValidationMessage[]): ValidationResult => ({
  success: validationMessages.length === 0,
  validationMessages,
});

const blank = (v: unknown) => v == null || (typeof v === "string" && v.trim() === "");

/** The exception request's checks (spec 3 section 5), with the spec's messages, in its order. */
export function validateException(
  input: ExceptionInput,
  opts: { knownType: boolean; needsInvoice: boolean; hasSupport: boolean; knownCurrency: boolean },
): ValidationResult {
  const out: ValidationMessage[] = [];
  if (!input.tipoExcepcion || !opts.knownType) {
    out.push({ field: "tipoExcepcion", message: "Debe ingresar un Tipo de Excepción" });
  }
  if (Number.isNaN(input.importe)) {
    out.push({ field: "importe", message: AMOUNT_DECIMALS });
  } else if (input.importe == null || !(input.importe > 0)) {
    out.push({ field: "importe", message: "Debe ingresar un Importe" });
  }
  if (blank(input.motivo)) out.push({ field: "motivo", message: "Debe ingresar un Motivo" });
  if (!input.fechaLimite) {
    out.push({ field: "fechaLimite", message: "Debe ingresar una Fecha de Vencimiento" });
  }
  if (input.moneda == null || !opts.knownCurrency) {
    out.push({ field: "moneda", message: "Debe ingresar una Moneda" });
  }
  if (!opts.hasSupport) {
    out.push({ field: "sustento", message: "Debe subir un archivo de sustento para la excepción" });
  }
  if (opts.needsInvoice && blank(input.numfactura)) {
    out.push({ field: "numfactura", message: "Debe ingresar el número de factura" });
  }
  return validationResult(out);
}

// ---- Answers: contract/guarantees/answers.ts ----------------------------------------------------------
export type * from "./answers.ts";

// ---- Paths -------------------------------------------------------------------------------------------

export const GUARANTEE_API = {
  catalog: "/api/guarantees/catalog",
  mine: "/api/guarantees/mine",
  reviewList: (list: 1 | 2) => `/api/guarantees/review/${list}`,
  detail: (id: number) => `/api/guarantees/${id}`,
  send: (id: number) => `/api/guarantees/${id}/send`,
  renew: (id: number) => `/api/guarantees/${id}/renew`,
  review: (id: number) => `/api/guarantees/${id}/review`,
  bankValidation: (id: number) => `/api/guarantees/${id}/bank-validation`,
  upload: (id: number) => `/api/guarantees/${id}/files`,
  file: (fileId: string) => `/api/guarantees/files/${fileId}`,
  exceptions: "/api/guarantee-exceptions",
  exception: (id: number) => `/api/guarantee-exceptions/${id}`,
  exceptionReview: (id: number) => `/api/guarantee-exceptions/${id}/review`,
} as const;
