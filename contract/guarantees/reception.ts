// Guarantees, part 2: the reception of approved guarantees and the vault of received bank letters (spec 3
// sections 2.3, 3, 5 and 8). Their bodies with the Spanish messages, the answers and the texts both sides show.
import { z } from "zod";
import { isIsoDay, strict, text } from "../fields.ts";
import { version } from "../versions.ts";
import type { StateCode, TypeCode } from "./guarantees.ts";

// ---- Texts -------------------------------------------------------------------------------------------

export const RECEPTION_SAVED_TITLE = "Recepción Guardada";
export const VAULT_SAVED_TITLE = "Garantía Guardada";

/** The success text of a reception (spec 3 section 8): the letter's or the cash operation's number. */
export function receptionSavedText(type: TypeCode, numero: string, estado: string): string {
  const what = type === "GAR2" ? "Garantía en Efectivo Nro" : "Carta Fianza";
  return `La Recepción de la ${what} ${numero} ha sido guardada exitosamente con el estado de "${estado}".`;
}

/** The success text of a vault save (the spec's 'Se ha guardado en la bóveda ...', completed). */
export function vaultSavedText(numero: string, file: string, letraNumero: string): string {
  return `Se ha guardado en la bóveda la Carta Fianza ${numero} (File ${file}, ${letraNumero}).`;
}

export const RECEPTION_STATE_REQUIRED = "Debe seleccionar el estado de la recepción.";
export const ENTRY_DATE_REQUIRED = "Debe ingresar la fecha de ingreso a cuenta.";
export const ENTRY_DATE_PAST = "La fecha de ingreso a cuenta no puede ser anterior a hoy.";

/** The cash reception's account entry date: required, not before today (both ISO days). */
export function entryDateProblem(
  type: TypeCode,
  date: string | null | undefined,
  today: string,
): string | null {
  if (type !== "GAR2") return null;
  if (!date) return ENTRY_DATE_REQUIRED;
  return date < today ? ENTRY_DATE_PAST : null;
}

// ---- Bodies ------------------------------------------------------------------------------------------

/** POST /api/guarantee-reception/:id (id_garantia_detalle). */
export const receptionBody = strict({
  id_garantia_recepcion_estado: z.number({ error: RECEPTION_STATE_REQUIRED }).int(RECEPTION_STATE_REQUIRED)
    .positive(RECEPTION_STATE_REQUIRED).max(1000, RECEPTION_STATE_REQUIRED),
  fecha_ingreso_cuenta: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Fecha inválida.")
    .refine(isIsoDay, "Fecha inválida.").nullish().transform((x) => x ?? null),
  /** The guarantee's version as the pending list read it (contract/versions.ts). */
  version,
});
export type ReceptionBody = z.input<typeof receptionBody>;

/** POST /api/guarantee-vault/:id (id_garantia_detalle): the four fields that enable Guardar. */
export const vaultBody = strict({
  file: text("Debe ingresar el File.", 40),
  letra_numero: text("Debe ingresar la Letra y Número.", 40),
  codigo_estado: text("Debe seleccionar el Estado.", 10),
  codigo_autorizacion: text("Debe seleccionar la Autorización.", 10),
  /** The guarantee's version as the vault list read it (contract/versions.ts). */
  version,
});
export type VaultBody = z.input<typeof vaultBody>;

// ---- Answers -----------------------------------------------------------------------------------------

export type ReceptionColor = "verde" | "amarillo" | "rojo";

export interface ReceptionState {
  id_garantia_recepcion_estado: number;
  codigo_tipo_garantia: TypeCode;
  codigo: string;
  descripcion: string;
  semaforo_color: ReceptionColor;
  /** The state marks the guarantee recepcionada (a red one leaves it pending). */
  recepciona: boolean;
}

export interface CodeName {
  codigo: string;
  descripcion: string;
}

/** GET /api/guarantee-reception/catalog. */
export interface ReceptionCatalog {
  estados_recepcion: ReceptionState[];
  estados_ubicacion: CodeName[];
  autorizaciones: CodeName[];
}

/** A reception (spec 3 section 3, recepcion). */
export interface Recepcion {
  id_garantia_recepcion: number;
  id_garantia_recepcion_estado: number;
  descripcion_recepcion_estado: string;
  semaforo_color: ReceptionColor;
  fecha_ingreso_cuenta: string | null;
  creation_date: string;
  creation_by: string;
}

/** A vault location (spec 3 section 3, ubicacion). */
export interface Ubicacion {
  file: string;
  letra_numero: string;
  codigo_estado: string;
  descripcion_estado: string;
  codigo_autorizacion: string;
  descripcion_autorizacion: string;
  updated_date: string;
  updated_by: string;
}

/** The guarantee columns of the reception and vault grids. */
export interface ReceptionGuarantee {
  id_garantia_detalle: number;
  nro_contrato: string;
  ruc: string;
  razon_social: string;
  mall: string;
  moneda: string;
  estado_codigo: StateCode;
  estado: string;
  /** The type received: an approved exception's guarantee type, else the guarantee's. */
  tipo_codigo: TypeCode;
  tipo_garantia: string;
  banco: string | null;
  importe: number | null;
  /** The letter's number, or the cash operation's. */
  numero: string | null;
  fecha_vencimiento_carta_fianza: string | null;
}

/** GET /api/guarantee-reception/pending: approved guarantees not yet received, with their last try. */
export interface PendingReceptionRow extends ReceptionGuarantee {
  recepcion: Recepcion | null;
  puede_recepcionar: boolean;
  /** The guarantee's version (its detail and exception), sent back with the reception. */
  version: number;
}

/** GET /api/guarantee-reception/history: one row per reception. */
export interface ReceptionHistoryRow extends ReceptionGuarantee {
  recepcion: Recepcion;
}

/** GET /api/guarantee-vault: received bank letters with their current place. */
export interface VaultRow extends ReceptionGuarantee {
  ubicacion: Ubicacion | null;
  puede_guardar: boolean;
  /** The guarantee's version (its detail and exception), sent back with Guardar. */
  version: number;
}

/** GET /api/guarantee-vault/:id/history. */
export interface VaultHistory {
  historial: Ubicacion[];
}

export interface ReceptionSaved {
  recepcion: Recepcion;
  is_recepcionada: boolean;
}

export interface VaultSaved {
  ubicacion: Ubicacion;
}

// ---- Paths -------------------------------------------------------------------------------------------

export const RECEPTION_API = {
  catalog: "/api/guarantee-reception/catalog",
  pending: "/api/guarantee-reception/pending",
  history: "/api/guarantee-reception/history",
  receive: (id: number) => `/api/guarantee-reception/${id}`,
  vault: "/api/guarantee-vault",
  store: (id: number) => `/api/guarantee-vault/${id}`,
  vaultHistory: (id: number) => `/api/guarantee-vault/${id}/history`,
} as const;
