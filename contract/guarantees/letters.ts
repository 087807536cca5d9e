// The actions of a required bank letter on its detail (spec 3 sections 3, 4, 5, 8): the desistimiento letter,
// the extension (prórroga), the execution letter, their deliveries, the cheque and the delivery moment.
import { z } from "zod";
import { id, isIsoDay, strict } from "../fields.ts";
import { version } from "../versions.ts";
import { deliveryBody, type DeliveryColor, type DeliveryState } from "./requirements.ts";

// ---- The spec's confirmations and successes (section 8), and ours where it gives none ---------------------

export const LETTER_TEXTS = {
  desist_letter: {
    confirm: "Esta seguro de Generar la Carta de Desistimiento?",
    done: "La Carta de Desistimiento ha sido generada exitosamente.",
  },
  execution_letter: {
    confirm: "Está seguro de generar la Carta de Ejecución?",
    done: "La Carta de Ejecución ha sido generada exitosamente.",
  },
  extend: {
    confirm: "Está seguro de habilitar la prórroga de ejecución de la Carta Fianza?",
    done: "La prórroga fue habilitada exitosamente.",
  },
  execution_delivery: { done: "Se registró la entrega de la Carta de Ejecución." },
  desist_delivery: { done: "Se registró la entrega de la Carta de Desistimiento." },
  cheque: { done: "Se registró el cheque." },
  delivery_moment: { done: "Se registró el momento de entrega." },
  delivery_support: { done: "Se cargó el sustento de entrega." },
} as const;

export const CHEQUE_BANK_REQUIRED = "Debe seleccionar el banco.";
export const CHEQUE_NUMBER_REQUIRED = "Debe ingresar el número de cheque.";
export const CHEQUE_NUMBER_DIGITS = "El número de cheque solo admite dígitos.";
export const CHEQUE_DATE_REQUIRED = "Debe ingresar la fecha del cheque.";
export const MOMENT_REQUIRED = "Debe seleccionar el momento de entrega.";
const DATE_INVALID = "Ingresar una fecha válida (dd/MM/yyyy).";

// ---- Bodies ------------------------------------------------------------------------------------------

/** PUT .../cheque: bank, digits-only number and date, all required (spec 3 section 5). */
export const chequeBody = strict({
  id_banco_cheque: id(CHEQUE_BANK_REQUIRED),
  nro_cheque: z.string({ error: CHEQUE_NUMBER_REQUIRED }).trim().min(1, CHEQUE_NUMBER_REQUIRED)
    .max(20, "Máximo 20 dígitos.").regex(/^\d+$/, CHEQUE_NUMBER_DIGITS),
  fecha_ingreso_cheque: z.string({ error: CHEQUE_DATE_REQUIRED }).trim().min(1, CHEQUE_DATE_REQUIRED)
    .refine(isIsoDay, DATE_INVALID),
  /** The guarantee's version as the letter panel read it (contract/versions.ts). */
  version,
});
export type ChequeBody = z.infer<typeof chequeBody>;

/** PUT .../momento-entrega. */
export const momentBody = strict({
  codigo_momento_entrega_carta_fianza: z.string({ error: MOMENT_REQUIRED }).trim().min(1, MOMENT_REQUIRED)
    .max(10, MOMENT_REQUIRED),
  version,
});
export type MomentBody = z.infer<typeof momentBody>;

/** PUT .../entrega of the execution or desistimiento letter: the requirement letter's date and state, and the
 * guarantee's version as the panel read it (the body's `version`). */
export const letterDeliveryBody = deliveryBody;
export type LetterDeliveryBody = z.infer<typeof letterDeliveryBody>;

// ---- Answers -----------------------------------------------------------------------------------------

export interface GuaranteeLetter {
  id_carta: number;
  nro_carta: string;
  fecha_generacion: string;
  fecha_entrega: string | null;
  codigo_estado_entrega: DeliveryState["codigo"] | null;
  nombre_estado_entrega: string | null;
  semaforo_color: DeliveryColor | null;
  url: string;
}

export interface LetterActions {
  desist_letter: boolean;
  extend: boolean;
  execution_letter: boolean;
  execution_delivery: boolean;
  cheque: boolean;
  desist_delivery: boolean;
  delivery_moment: boolean;
}

/** GET /api/guarantee-letters/:id: the letter's flags, its letters, cheque, moment and what is offered. */
export interface LetterPanel {
  id_garantia_detalle: number;
  nro_carta_fianza: string | null;
  is_requerida: boolean;
  is_renovada: boolean;
  is_desistida: boolean;
  is_ejecutada: boolean;
  fecha_vencimiento_carta_fianza: string | null;
  fecha_vencimiento_prorroga: string | null;
  is_prorroga: boolean;
  desistimiento: GuaranteeLetter | null;
  ejecucion: GuaranteeLetter | null;
  cheque: { id_banco_cheque: number; banco: string; nro_cheque: string; fecha_ingreso_cheque: string } | null;
  momento_entrega: { codigo: string; descripcion: string } | null;
  /** The delivery moment's support (pdf, msg, xlsx or xls). */
  sustento_entrega: { file_name: string; url: string } | null;
  acciones: LetterActions;
  bancos: { id_banco: number; codigo: string; nombre: string }[];
  momentos: { codigo: string; descripcion: string }[];
  /** The guarantee's version (its detail and exception), sent back with every form of the panel. */
  version: number;
}

export const LETTERS_API = {
  panel: (id: number) => `/api/guarantee-letters/${id}`,
  desist: (id: number) => `/api/guarantee-letters/${id}/desistimiento`,
  desistDelivery: (id: number) => `/api/guarantee-letters/${id}/desistimiento/entrega`,
  execution: (id: number) => `/api/guarantee-letters/${id}/ejecucion`,
  executionDelivery: (id: number) => `/api/guarantee-letters/${id}/ejecucion/entrega`,
  extend: (id: number) => `/api/guarantee-letters/${id}/prorroga`,
  cheque: (id: number) => `/api/guarantee-letters/${id}/cheque`,
  moment: (id: number) => `/api/guarantee-letters/${id}/momento-entrega`,
  pdf: (letterId: number) => `/api/guarantee-letters/pdf/${letterId}`,
  /** multipart: `file` (its own body limit, hence its own path). */
  support: (id: number) => `/api/guarantee-delivery-support/${id}`,
} as const;
