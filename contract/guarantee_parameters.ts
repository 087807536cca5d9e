// /configuracion-garantias (spec 3 sections 2.3, 3, 5, 9): the general parameters of guarantees, each with its
// kind's editor and check. The names and what each does: docs/decisions.md.
import { z } from "zod";
import { CONTROL_CHARS, CONTROL_CHARS_MESSAGE, strict } from "./fields.ts";
import { version } from "./versions.ts";

export type ParameterKind = "percent" | "digits" | "switch" | "days" | "text";

/** A general parameter (spec 3 section 3): codigo (uuid), nombre, value; tipo picks its editor. */
export interface GeneralParameter {
  codigo: string;
  nombre: string;
  value: string;
  tipo: ParameterKind;
  /** The parameter's version, sent back with its save (contract/versions.ts). */
  version: number;
}

export const DAYS_INVALID = "Valor no válido! Ingrese números de días separados por comas. Ejemplo: 45,30,15";
export const PERCENT_INVALID = "Ingrese un porcentaje entre 0 y 100 (decimales con punto).";
export const DIGITS_INVALID = "Ingrese solo números (máximo 3 dígitos).";
export const SWITCH_INVALID = "El valor debe ser 1 o 0.";
export const TEXT_TOO_LONG = "Máximo 200 caracteres.";
export const PARAMETER_UNKNOWN = "El parámetro no existe.";

/** The confirmation before saving one parameter. */
export const confirmParameterText = (nombre: string) =>
  `¿Está seguro de guardar el nuevo valor del parámetro "${nombre}"?`;

/** A UTF-16 surrogate without its pair: no database takes it as JSON. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const PERCENT = /^\d{1,3}(\.\d{1,4})?$/;
const DIGITS = /^\d{1,3}$/;
const DAYS = /^\d{1,3}(,\d{1,3})*$/;

/** The value as saved ('1'/'0' switches, day lists without spaces), or the Spanish problem. */
export function checkParameter(kind: ParameterKind, raw: string): { value: string } | { error: string } {
  const v = raw.trim();
  switch (kind) {
    case "percent":
      return PERCENT.test(v) && Number(v) <= 100 ? { value: v } : { error: PERCENT_INVALID };
    case "digits":
      return DIGITS.test(v) ? { value: v } : { error: DIGITS_INVALID };
    case "switch":
      return v === "1" || v === "0" ? { value: v } : { error: SWITCH_INVALID };
    case "days": {
      const compact = v.replace(/\s+/g, "");
      return DAYS.test(compact) ? { value: compact } : { error: DAYS_INVALID };
    }
    case "text":
      if (v.length > 200) return { error: TEXT_TOO_LONG };
      return CONTROL_CHARS.test(v) || LONE_SURROGATE.test(v)
        ? { error: CONTROL_CHARS_MESSAGE }
        : { value: v };
  }
}

/** The day list's save button hides while it is empty or ends with a comma (spec 3 section 5). */
export const daysSavable = (v: string) => v.trim() !== "" && !v.trim().endsWith(",");

/** PUT /api/guarantee-parameters: {codigo, value, version}. */
export const parameterBody = strict({
  codigo: z.uuid({ error: PARAMETER_UNKNOWN }),
  value: z.string({ error: "Debe ingresar un valor." }).max(1000, TEXT_TOO_LONG),
  version,
});
export type ParameterBody = z.infer<typeof parameterBody>;

export const PARAMETERS_API = "/api/guarantee-parameters";
