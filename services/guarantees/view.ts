// The guarantee as the screens read it (spec 3 section 3 field names).

import {
  type DetalleGarantia,
  type Excepcion,
  type Garantia,
  GUARANTEE_API,
  type GuaranteeReview,
  type GuaranteeView,
  type ReviewDialogOptions,
  type ReviewHistoryRow,
} from "#contract/guarantees/guarantees.ts";
import type { DetailRow, ExceptionRow, Loaded, ReviewRow } from "./load.ts";
import {
  ALL_CORRECT,
  BANK_MAIL_OPTION,
  COLLECTIONS_CASH_OPTIONS,
  COLLECTIONS_LETTER_OPTIONS,
  LETTER,
  REVIEW_KIND_NAMES,
  TREASURY_OPTIONS,
} from "./rules.ts";
import { amountCheck } from "./parameter_rules.ts";
import {
  effectiveType,
  hasApprovedException,
  type MachineActor,
  offers,
  reviewKindOf,
  treasuryApplies,
} from "./state_machine.ts";

export const fileUrl = (id: string | null) => (id ? GUARANTEE_API.file(id) : null);

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d == null ? null : iso(d));

function reviewView(r: ReviewRow | undefined): GuaranteeReview | null {
  if (!r) return null;
  return {
    id_revision_detalle_garantia: r.id,
    fecha_revision: iso(r.reviewed_at),
    usuario_revisor: r.reviewer_email,
    observaciones: r.observaciones,
    semaforo_color: r.color,
  };
}

export function garantiaView(d: DetailRow): Garantia {
  return {
    id_garantia: d.guarantee_id,
    nro_contrato: d.nro_contrato,
    ruc: d.ruc,
    razon_social: d.razon_social,
    nombre_comercial: d.nombre_comercial,
    mall: { id_mall: d.mall_id, nombre: d.mall_name },
    moneda: { id_moneda: d.currency_id, codigo: d.currency_code, simbolo: d.currency_symbol },
  };
}

export function detalleView(d: DetailRow, files: Map<string, string>): DetalleGarantia {
  return {
    id_garantia_detalle: d.id,
    id_target_renovacion: d.renews_id,
    origen: { nombre: d.origin },
    estado: { codigo: d.state_code, nombre: d.state_name, label: d.state_label },
    tipo_garantia: { codigo: d.type_code, nombre: d.type_name },
    banco: d.bank_id == null ? null : { id_banco: d.bank_id, codigo: d.bank_code, nombre: d.bank_name },
    importe: d.importe == null ? null : Number(d.importe),
    id_tipo_carta_fianza: d.letter_kind_id,
    descripcion_tipo_carta_fianza: d.letter_kind_name,
    nro_carta_fianza: d.nro_carta_fianza,
    fecha_emision_carta_fianza: d.fecha_emision,
    fecha_vencimiento_carta_fianza: d.fecha_vencimiento,
    nro_operacion: d.nro_operacion,
    url_filename_carta_fianza: fileUrl(d.letter_file_id),
    filename_carta_fianza: d.letter_file_id ? files.get(d.letter_file_id) ?? null : null,
    url_filename_operacion: fileUrl(d.operation_file_id),
    filename_operacion: d.operation_file_id ? files.get(d.operation_file_id) ?? null : null,
    is_recepcionada: d.is_recepcionada,
    is_renovada: d.is_renovada,
    is_requerida: d.is_requerida,
    is_desistida: d.is_desistida,
    is_ejecutada: d.is_ejecutada,
    is_excepcion: d.is_excepcion,
    en_ventana_renovacion: d.en_ventana_renovacion,
  };
}

export function exceptionView(e: ExceptionRow | null, files: Map<string, string>): Excepcion | null {
  if (!e) return null;
  return {
    id_garantia_excepcion: e.id,
    codigo_estado_excepcion: e.state_code,
    nombre_estado_excepcion: e.state_name,
    codigo_tipo_excepcion: e.type_code,
    nombre_tipo_excepcion: e.type_name,
    codigo_tipo_garantia_excepcion: e.guarantee_type,
    numero_factura: e.numero_factura,
    importe: Number(e.importe),
    id_moneda: e.currency_id,
    codigo_moneda: e.currency_code,
    simbolo_moneda: e.currency_symbol,
    fecha_vencimiento: e.fecha_vencimiento,
    motivo: e.motivo,
    file_name_adjunto: e.support_file_id ? files.get(e.support_file_id) ?? null : null,
    url_file_name_adjunto: fileUrl(e.support_file_id),
    nro_operacion_efectivo: e.nro_operacion_efectivo,
    fecha_deposito_efectivo: e.fecha_deposito_efectivo,
    id_banco_efectivo: e.bank_cash_id,
    url_file_name_efectivo: fileUrl(e.cash_file_id),
    file_name_efectivo: e.cash_file_id ? files.get(e.cash_file_id) ?? null : null,
    nro_carta_fianza: e.nro_carta_fianza,
    fecha_emision_carta_fianza: e.fecha_emision_carta_fianza,
    fecha_vencimiento_carta_fianza: e.fecha_vencimiento_carta_fianza,
    id_banco_carta_fianza: e.bank_letter_id,
    id_tipo_carta_fianza: e.letter_kind_id,
    url_file_name_carta_fianza: fileUrl(e.letter_file_id),
    file_name_carta_fianza: e.letter_file_id ? files.get(e.letter_file_id) ?? null : null,
    codigo_estado_cobranza: e.co_state,
    nombre_estado_cobranza: e.co_state === "APR" ? "Aprobado" : e.co_state === "REC" ? "Rechazado" : null,
    fecha_revision_cobranza: isoOrNull(e.co_at),
    usuario_revisor_cobranza: e.co_email,
    codigo_estado_tesoreria: e.te_state,
    nombre_estado_tesoreria: e.te_state === "APR" ? "Aprobado" : e.te_state === "REC" ? "Rechazado" : null,
    fecha_revision_tesoreria: isoOrNull(e.te_at),
    usuario_revisor_tesoreria: e.te_email,
    requiere_tesoreria: e.needs_treasury,
  };
}

/** The options of the review dialog the actor's role uses (treasury 7; collections 1 for a letter, 2 for cash). */
export function reviewOptions(g: Loaded, actor: MachineActor): ReviewDialogOptions {
  const kind = reviewKindOf(actor.roleId);
  // An approved exception gives another guarantee (its own amount): the contract's amount is not checked.
  const importe = hasApprovedException(g.snapshot) ? null : amountCheck(g.detail, g.rules.tolerancePct);
  if (kind === "TE") {
    // The option that mails the bank goes with 'Validar con banco' (the parameter switches both).
    const opciones = g.rules.bankValidation
      ? TREASURY_OPTIONS
      : TREASURY_OPTIONS.filter((o) => o.id !== BANK_MAIL_OPTION);
    return { tipo: kind, todoCorrecto: ALL_CORRECT, opciones, importe };
  }
  if (kind === "CO") {
    const opciones = effectiveType(g.snapshot) === LETTER
      ? COLLECTIONS_LETTER_OPTIONS
      : COLLECTIONS_CASH_OPTIONS;
    return { tipo: kind, todoCorrecto: ALL_CORRECT, opciones, importe };
  }
  return { tipo: null, todoCorrecto: ALL_CORRECT, opciones: [], importe };
}

export function historyView(reviews: ReviewRow[]): ReviewHistoryRow[] {
  return [...reviews].reverse().map((r) => ({
    id: r.id,
    tipo: r.kind,
    nombre_rol_revisor: `${REVIEW_KIND_NAMES[r.kind]} (${r.role_name})`,
    usuario_revisor: r.reviewer_email,
    fecha_revision: iso(r.reviewed_at),
    observaciones: r.observaciones,
    semaforo_color: r.color,
  }));
}

/** The whole screen model of one detail for this actor. */
export function guaranteeView(
  g: Loaded,
  actor: MachineActor,
  files: Map<string, string>,
): Omit<GuaranteeView, "version"> {
  const current = g.reviews.filter((r) => r.round === g.detail.review_round);
  const pick = (kind: "LO" | "CO" | "TE") => reviewView(current.find((r) => r.kind === kind));
  return {
    garantia: garantiaView(g.detail),
    detalle_garantia: {
      ...detalleView(g.detail, files),
      revision_locatario: pick("LO"),
      revision_cobranza: pick("CO"),
      revision_tesoreria: pick("TE"),
      aplica_tesoreria: treasuryApplies(g.snapshot),
    },
    excepcion: exceptionView(g.exception, files),
    historial: historyView(g.reviews),
    acciones: offers(g.snapshot, actor),
    revision: reviewOptions(g, actor),
  };
}
