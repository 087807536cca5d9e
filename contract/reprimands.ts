// The reprimand area's contract (spec 3 sections 2.1, 3, 5, 6, 9): registration with images, the three
// approval boxes, their Spanish messages, the answers the screens read and the paths. Pure: zod and types.
import { z } from "zod";
import { day, optText, strict, text } from "./fields.ts";

export const REPRIMAND_API = {
  catalog: "/api/reprimands/catalog",
  /** GET ?unidadEconomica=id: the mall's locals with their tenants (the Local autocomplete). */
  locals: "/api/reprimands/locals",
  /** GET the grid; POST (multipart) registers one. */
  list: "/api/reprimands",
  detail: (id: number) => `/api/reprimands/${id}`,
  decision: (id: number) => `/api/reprimands/${id}/decision`,
  image: (id: string) => `/api/reprimands/images/${id}`,
} as const;

// ---- Boxes and roles ---------------------------------------------------------------------------------

/** The three approval boxes, in the grid's order. */
export const BOXES = ["subgerencia", "operaciones", "gaf"] as const;
export type Box = typeof BOXES[number];
export const BOX_LABELS: Record<Box, string> = {
  subgerencia: "Subgerencia",
  operaciones: "Operaciones",
  gaf: "GAF",
};

/** Registrars whose Responsable and DNI are not flagged when empty (spec 3 section 5). */
export const EXEMPT_ROLES: readonly number[] = [96, 101];

/** A box: approved, disapproved or not decided yet. */
export type Decision = boolean | null;
export type ReprimandState = "PENDIENTE" | "APROBADA" | "DESAPROBADA";
export const STATE_LABELS: Record<ReprimandState, string> = {
  PENDIENTE: "Pendiente",
  APROBADA: "Aprobada",
  DESAPROBADA: "Desaprobada",
};
export const decisionLabel = (d: Decision) => (d == null ? "Pendiente" : d ? "Aprobado" : "Rechazado");

// ---- Texts both sides show ---------------------------------------------------------------------------

export const MALL_REQUIRED = "Debe seleccionar un mall";
export const LOCAL_REQUIRED = "Debe ingresar el Local";
export const DETAIL_REQUIRED = "Ingrese Detalle";
export const RESPONSABLE_REQUIRED = "Debe ingresar el Responsable";
export const DNI_REQUIRED = "Debe ingresar el DNI";
export const TYPE_REQUIRED = "Debe seleccionar un Tipo de Motivo";
export const REASON_REQUIRED = "Debe seleccionar un Motivo";
export const DNI_DIGITS = "El DNI debe tener 8 dígitos.";
export const DATE_REQUIRED = "Ingrese la fecha";
export const TIME_REQUIRED = "Ingrese la hora";
export const OBSERVATION_REQUIRED = "Ingresar alguna observación";
export const TAB_HINT = "Presionar TAB para Autocompletar los datos";
export const SAVED = "Guardado Exitoso";
export const UNSUPPORTED_FILE = "Archivo no soportado";
export const IMAGE_TOO_LARGE = "El archivo supera el tamaño máximo permitido (5 MB).";
export const TOO_MANY_IMAGES = "Puede adjuntar hasta 5 imágenes.";
export const NOT_APPROVER =
  "Solo Subgerencia, Operaciones y GAF pueden aprobar o desaprobar una amonestación.";
export const BOX_DECIDED = "Su área ya registró su decisión sobre esta amonestación.";
export const FINAL = "La amonestación ya fue decidida por las tres áreas.";

// ---- Images ------------------------------------------------------------------------------------------

export const IMAGE_MAX_BYTES = 5_242_880;
export const MAX_IMAGES = 5;
export const IMAGE_EXTENSIONS = ["jpg", "jpeg", "gif", "png"] as const;
export const IMAGE_ACCEPT = ".jpg,.jpeg,.gif,.png";

/** The message for a picture that cannot go by its name or size, or null; the server then checks its bytes. */
export function imageProblem(file: { name: string; size: number }): string | null {
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? "";
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext) || file.size < 1) return UNSUPPORTED_FILE;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_TOO_LARGE;
  return null;
}

// ---- Bodies ------------------------------------------------------------------------------------------

/** A select's value as the form sends it (a positive id as text), with the message when none is chosen. */
const choice = (message: string) =>
  z.string({ error: message }).trim().regex(/^[1-9][0-9]{0,8}$/, message).transform(Number);

/**
 * The registration form (multipart fields; the pictures go as files named `pictures`). Responsable and DNI
 * are flagged on the screen when empty (see responsibleWarnings) but do not stop the registration.
 */
export const registerReprimandForm = strict({
  unidadEconomica: choice(MALL_REQUIRED),
  local: text(LOCAL_REQUIRED, 20).transform((x) => x.toUpperCase()),
  tipoMotivo: choice(TYPE_REQUIRED),
  motivo: choice(REASON_REQUIRED),
  responsable: optText(120),
  dni: z.string().trim().regex(/^([0-9]{8})?$/, DNI_DIGITS).nullish().transform((x) => x || null),
  fecha: day(DATE_REQUIRED),
  hora: z.string({ error: TIME_REQUIRED }).trim().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, TIME_REQUIRED),
  detalle: text(DETAIL_REQUIRED, 2000),
});
export type RegisterReprimandInput = z.input<typeof registerReprimandForm>;
export type RegisterReprimand = z.infer<typeof registerReprimandForm>;

/** The flags shown under Responsable and DNI when empty, except for the exempt roles (96, 101). */
export function responsibleWarnings(
  v: { responsable?: string | null; dni?: string | null },
  roleId: number,
): { responsable?: string; dni?: string } {
  if (EXEMPT_ROLES.includes(roleId)) return {};
  return {
    ...(v.responsable?.trim() ? {} : { responsable: RESPONSABLE_REQUIRED }),
    ...(v.dni?.trim() ? {} : { dni: DNI_REQUIRED }),
  };
}

export const localsQuery = strict({ unidadEconomica: choice(MALL_REQUIRED) });

/** 'Aprobar' (true) or 'Desaprobar' (false) with the approver's own observation. */
export const decisionBody = strict({
  accion: z.boolean({ error: "Indicar si aprueba o desaprueba." }),
  observacion: text(OBSERVATION_REQUIRED, 1000),
});
export type DecisionBody = z.infer<typeof decisionBody>;

// ---- Answers -----------------------------------------------------------------------------------------

export interface ReprimandReason {
  id: number;
  nombre: string;
  montoBase: number;
  descuentoPorcentaje: number;
}

export interface ReprimandCatalog {
  malls: { id: number; nombre: string }[];
  tipos: { id: number; nombre: string; motivos: ReprimandReason[] }[];
}

/** A local of the mall and its tenant, for the Local autocomplete (Tab fills the tenant data). */
export interface ReprimandLocal {
  local: string;
  locatarioId: number;
  contrato: string;
  locatario: string;
  ruc: string;
}

/** A grid row ('Vista de Amonestaciones'). */
export interface ReprimandRow {
  idAmonestacion: number;
  mall: string;
  local: string | null;
  tipoMotivo: string;
  motivo: string;
  locatario: string;
  montoBase: number;
  descuentoPorcentaje: number;
  montoFinal: number;
  /** When it happened (ISO timestamp). */
  fecha: string;
  aprobacion_subgerencia: Decision;
  aprobacion_operaciones: Decision;
  aprobacion_gaf: Decision;
  estado: ReprimandState;
}

export interface ReprimandImage {
  id: string;
  nombre: string;
  url: string;
}

/** 'Detalle de Amonestación'. */
export interface ReprimandDetail extends ReprimandRow {
  contrato: string;
  encargado: string | null;
  dni: string | null;
  detalle: string;
  observacion_subgerencia: string | null;
  observacion_operaciones: string | null;
  observacion_gaf: string | null;
  imagenes: ReprimandImage[];
  /** The caller's box, or null when the caller only views. */
  miCasilla: Box | null;
  /** True while the caller's box is still to decide (and the reprimand is not final). */
  puedeDecidir: boolean;
}

export interface RegisteredReprimand {
  idAmonestacion: number;
}
