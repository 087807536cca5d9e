// Guarantees, part 2: Requerimiento de CF (spec 3 sections 2.3, 3, 4, 5, 7): the letters about to expire,
// the notarial requirement letters (one per bank, a PDF), their delivery and the notarial configuration.
import { z } from "zod";
import { CONTROL_CHARS, CONTROL_CHARS_MESSAGE, id, isIsoDay, strict } from "../fields.ts";
import { version } from "../versions.ts";
import { LONE_SURROGATE } from "./parameters.ts";

// ---- Texts -------------------------------------------------------------------------------------------

export const CONFIG_WARNING = "Advertencia! Se encontraron errores en la validación";
export const AT_LEAST_ONE_EMAIL = "Debe ingresar al menos un correo";
export const FEWER_THAN_TWO =
  "Ha marcado menos de dos checks o no ha marcado ningun check. Debe marcar exactamente dos checks";
export const MORE_THAN_TWO = "Ha marcado mas de dos checks. Debe marcar exactamente dos checks";
export const SIGNER_NAME_REQUIRED = "Debe ingresar el nombre del firmante";
export const INVALID_EMAIL = "Ingresar un correo electrónico válido.";

export const GENERATED_TITLE = "Cartas Generadas";
/** The success text of 'Generar': how many letters, one per bank. */
export const generatedText = (n: number) =>
  n === 1
    ? "Se generó 1 carta notarial de requerimiento."
    : `Se generaron ${n} cartas notariales de requerimiento.`;
export const DELIVERY_SAVED = "Se registró el retorno de la carta.";
export const CONFIG_SAVED = "Se guardó la configuración de las cartas notariales.";
export const SELECT_ONE = "Debe seleccionar al menos una carta fianza.";
export const DELIVERY_DATE_REQUIRED = "Debe ingresar la fecha de entrega.";
export const DELIVERY_STATE_REQUIRED = "Debe seleccionar el estado de entrega.";
export const DELIVERY_DATE_FUTURE = "La fecha de entrega no puede ser posterior a hoy.";
export const DELIVERY_DATE_BEFORE = "La fecha de entrega no puede ser anterior a la generación de la carta.";

// ---- Notarial configuration --------------------------------------------------------------------------

export interface Firmante {
  codigo: string;
  nombre: string;
  cargo: string;
  incluido: boolean;
}

export interface MallConfiguracion {
  codigo: number;
  nombre: string;
  emails_to_send_carta: string[];
  nombre_to_carta: string;
}

/** GET /api/guarantee-requirements/config. */
export interface NotarialConfig {
  emails_notaria: string[];
  firmantes_firma_virtual: Firmante[];
  firmantes_firma_fisica: Firmante[];
  malls_configuracion: MallConfiguracion[];
  /** The configuration's version, sent back with its save (contract/versions.ts). */
  version: number;
}

const emailList = z.array(z.string().max(254)).max(20);
const pick = z.array(strict({ codigo: z.string().max(20), incluido: z.boolean() })).max(50);

/** PUT /api/guarantee-requirements/config (spec 3 section 3); the rules are checked by validateConfig. */
export const configBody = strict({
  email_notaria: emailList,
  firmantes_firma_virtual: pick,
  firmantes_firma_fisica: pick,
  datos_mall_provincia: z.array(strict({
    codigo_mall: id(),
    email: emailList,
    nombre: z.string().max(200),
  })).max(10),
  /** The configuration's version as the dialog read it. */
  version,
});
export type ConfigBody = z.infer<typeof configBody>;

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The notarial configuration's checks (spec 3 section 5), every problem as its own line for the list under
 * CONFIG_WARNING: the notary's e-mails, exactly two signers of each kind, per provincial mall an e-mail and
 * the signer's name. `mallNames` names each provincial mall by id.
 */
export function validateConfig(body: ConfigBody, mallNames: Map<number, string>): string[] {
  const out: string[] = [];
  const emails = (list: string[], where: string) => {
    const clean = list.map((x) => x.trim()).filter((x) => x !== "");
    if (clean.length === 0) out.push(`${where}: ${AT_LEAST_ONE_EMAIL}`);
    for (const e of clean) {
      if (!EMAIL.test(e) || CONTROL_CHARS.test(e) || LONE_SURROGATE.test(e)) {
        out.push(`${where}: ${INVALID_EMAIL} (${e})`);
      }
    }
  };
  emails(body.email_notaria, "Correos de la notaría");
  const two = (list: { incluido: boolean }[], where: string) => {
    const n = list.filter((x) => x.incluido).length;
    if (n < 2) out.push(`${where}: ${FEWER_THAN_TWO}`);
    if (n > 2) out.push(`${where}: ${MORE_THAN_TWO}`);
  };
  two(body.firmantes_firma_virtual, "Firma virtual");
  two(body.firmantes_firma_fisica, "Firma física");
  for (const m of body.datos_mall_provincia) {
    const name = mallNames.get(m.codigo_mall) ?? `Mall ${m.codigo_mall}`;
    emails(m.email, name);
    if (m.nombre.trim() === "") out.push(`${name}: ${SIGNER_NAME_REQUIRED}`);
    else if (CONTROL_CHARS.test(m.nombre)) out.push(`${name}: ${CONTROL_CHARS_MESSAGE}`);
  }
  return out;
}

// ---- Letters -----------------------------------------------------------------------------------------

/** POST /api/guarantee-requirements/generate: the selected letters; one notarial letter per bank. */
export const generateBody = strict({
  garantias: z.array(id(SELECT_ONE), { error: SELECT_ONE }).min(1, SELECT_ONE).max(500),
});
export type GenerateBody = z.infer<typeof generateBody>;

/** PUT /api/guarantee-requirements/letters/:id/delivery ('Registrar Retorno de Carta'). */
export const deliveryBody = strict({
  fecha_entrega: z.string({ error: DELIVERY_DATE_REQUIRED }).trim().min(1, DELIVERY_DATE_REQUIRED)
    .refine(isIsoDay, "Ingresar una fecha válida (dd/MM/yyyy)."),
  codigo_estado_entrega: z.enum(["ING", "PEN", "APR", "REC"], { error: DELIVERY_STATE_REQUIRED }),
  /** The version the form read (contract/versions.ts): the notarial letter's, or for the delivery of a
   * guarantee's own letter (letters.ts) the guarantee's. */
  version,
});
export type DeliveryBody = z.infer<typeof deliveryBody>;

export type DeliveryColor = "gris" | "verde" | "rojo";

export interface DeliveryState {
  codigo: "ING" | "PEN" | "APR" | "REC";
  nombre: string;
  semaforo_color: DeliveryColor;
}

/** A letter about to expire (spec 3 section 3, 'Expiring letter'), with what the grid shows. */
export interface ExpiringLetter {
  id_garantia_detalle: number;
  id_banco: number;
  codigo_banco: string;
  banco: string;
  ruc: string;
  razon_social: string;
  nro_contrato: string;
  mall: string;
  moneda: string;
  importe: number | null;
  nro_carta_fianza: string | null;
  fecha_vencimiento_carta_fianza: string;
  /** Negative once expired. */
  dias_para_vencer: number;
}

/** A notarial letter (spec 3 section 3) with its delivery semaphore and the letters it requires. */
export interface NotarialLetter {
  id_carta: number;
  nro_carta: string;
  codigo_banco: string;
  banco: string;
  fecha_generacion: string;
  generado_por: string;
  fecha_entrega: string | null;
  codigo_estado_entrega: DeliveryState["codigo"] | null;
  nombre_estado_entrega: string | null;
  semaforo_color: DeliveryColor | null;
  cartas_fianza: string[];
  url: string;
  /** The letter's version (its latest audited write), sent back with 'Registrar Retorno de Carta'. */
  version: number;
}

export interface GenerateResult {
  cartas: NotarialLetter[];
}

// ---- Paths -------------------------------------------------------------------------------------------

export const REQUIREMENT_API = {
  expiring: "/api/guarantee-requirements/expiring",
  letters: "/api/guarantee-requirements/letters",
  deliveryStates: "/api/guarantee-requirements/delivery-states",
  generate: "/api/guarantee-requirements/generate",
  pdf: (id: number) => `/api/guarantee-requirements/letters/${id}/pdf`,
  delivery: (id: number) => `/api/guarantee-requirements/letters/${id}/delivery`,
  config: "/api/guarantee-requirements/config",
} as const;
