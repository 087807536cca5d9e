// Server-side validation of a stored guarantee before review (spec 3 section 5): the spec's validation
// result { success, validationMessages }. The exception form's checks are the contract's validateException.

import {
  CASH,
  LETTER,
  type ValidationMessage,
  type ValidationResult,
  validationResult as result,
} from "#contract/guarantees/guarantees.ts";
import type { ExceptionRow, Loaded } from "./load.ts";
import { hasApprovedException } from "./state_machine.ts";

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
