// Server-side validation of a guarantee before review, and of an exception before it is saved (spec 3
// section 5). Each answers the spec's validation result: { success, validationMessages }.

import type { ExceptionRow, Loaded } from "./load.ts";
import { CASH, LETTER } from "./rules.ts";
import { hasApprovedException } from "./state_machine.ts";

export interface ValidationMessage {
  field: string;
  message: string;
}

export interface ValidationResult {
  success: boolean;
  validationMessages: ValidationMessage[];
}

export const GUARANTEE_OBSERVATIONS = "Se encontraron observaciones en la información de la garantía.";
export const EXCEPTION_OBSERVATIONS = "Se encontraron las siguientes observaciones al registrar la Excepción";

const result = (validationMessages: ValidationMessage[]): ValidationResult => ({
  success: validationMessages.length === 0,
  validationMessages,
});

const blank = (v: unknown) => v == null || (typeof v === "string" && v.trim() === "");

function letterChecks(
  out: ValidationMessage[],
  today: string,
  v: { bank: unknown; number: unknown; issued: string | null; expires: string | null; file: unknown },
) {
  if (blank(v.bank)) out.push({ field: "id_banco", message: "Debe seleccionar el Banco." });
  if (blank(v.number)) {
    out.push({ field: "nro_carta_fianza", message: "Debe ingresar el Nro. de Carta Fianza." });
  }
  if (!v.issued) {
    out.push({ field: "fecha_emision_carta_fianza", message: "Debe ingresar la Fecha de Emisión." });
  }
  if (!v.expires) {
    out.push({ field: "fecha_vencimiento_carta_fianza", message: "Debe ingresar la Fecha de Vencimiento." });
  } else if (v.expires <= today) {
    out.push({ field: "fecha_vencimiento_carta_fianza", message: "La Carta Fianza se encuentra vencida." });
  }
  if (v.issued && v.expires && v.expires <= v.issued) {
    out.push({
      field: "fecha_vencimiento_carta_fianza",
      message: "La Fecha de Vencimiento debe ser posterior a la Fecha de Emisión.",
    });
  }
  if (blank(v.file)) out.push({ field: "adjunto", message: "Debe adjuntar la Carta Fianza." });
}

function cashChecks(
  out: ValidationMessage[],
  v: { bank: unknown; number: unknown; date?: string | null; file: unknown; withDate: boolean },
) {
  if (blank(v.bank)) out.push({ field: "id_banco", message: "Debe seleccionar el Banco." });
  if (blank(v.number)) out.push({ field: "nro_operacion", message: "Debe ingresar el Nro. de Operación." });
  if (v.withDate && !v.date) {
    out.push({ field: "fecha_deposito_efectivo", message: "Debe ingresar la Fecha de Depósito." });
  }
  if (blank(v.file)) {
    out.push({ field: "adjunto", message: "Debe adjuntar el sustento de la Operación en Efectivo." });
  }
}

function exceptionFieldChecks(out: ValidationMessage[], e: ExceptionRow, today: string) {
  if (e.guarantee_type === CASH) {
    cashChecks(out, {
      bank: e.bank_cash_id,
      number: e.nro_operacion_efectivo,
      date: e.fecha_deposito_efectivo,
      file: e.cash_file_id,
      withDate: true,
    });
  } else if (e.guarantee_type === LETTER) {
    letterChecks(out, today, {
      bank: e.bank_letter_id,
      number: e.nro_carta_fianza,
      issued: e.fecha_emision_carta_fianza,
      expires: e.fecha_vencimiento_carta_fianza,
      file: e.letter_file_id,
    });
  }
}

/** Whether the stored guarantee has what a review needs (its type's fields, or its approved exception's). */
export function validateGuarantee(g: Loaded, today: string): ValidationResult {
  const d = g.detail;
  const out: ValidationMessage[] = [];
  if (blank(d.razon_social)) out.push({ field: "razon_social", message: "Debe ingresar la Razón Social." });
  if (blank(d.nombre_comercial)) {
    out.push({ field: "nombre_comercial", message: "Debe ingresar el Nombre Comercial." });
  }
  if (hasApprovedException(g.snapshot) && g.exception) {
    exceptionFieldChecks(out, g.exception, today);
    return result(out);
  }
  if (d.type_code !== LETTER && d.type_code !== CASH) {
    out.push({
      field: "tipo_garantia",
      message: "La garantía es de tipo Sin Garantía: no requiere revisión.",
    });
    return result(out);
  }
  if (d.importe == null || Number(d.importe) <= 0) {
    out.push({ field: "importe", message: "Debe ingresar el Importe." });
  }
  if (d.type_code === LETTER) {
    letterChecks(out, today, {
      bank: d.bank_id,
      number: d.nro_carta_fianza,
      issued: d.fecha_emision,
      expires: d.fecha_vencimiento,
      file: d.letter_file_id,
    });
  } else {
    cashChecks(out, { bank: d.bank_id, number: d.nro_operacion, file: d.operation_file_id, withDate: false });
  }
  return result(out);
}

export interface ExceptionInput {
  tipoExcepcion: string | null;
  numfactura: string | null;
  importe: number | null;
  moneda: number | null;
  fechaLimite: string | null;
  motivo: string | null;
}

/** The exception request's checks, with the spec's messages, in its order. */
export function validateException(
  input: ExceptionInput,
  opts: { knownType: boolean; needsInvoice: boolean; hasSupport: boolean; knownCurrency: boolean },
): ValidationResult {
  const out: ValidationMessage[] = [];
  if (!input.tipoExcepcion || !opts.knownType) {
    out.push({ field: "tipoExcepcion", message: "Debe ingresar un Tipo de Excepción" });
  }
  if (input.importe == null || !(input.importe > 0)) {
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
  return result(out);
}
