// The building blocks of every area's schemas: each carries the Spanish message a person reads, so the
// server's validation and the screen's form say the same thing.
import { z } from "zod";

export const PASSWORD_MIN = 8;
export const INT_MAX = 2_147_483_647;

/** Control characters no text of a person holds (tab, newline and carriage return are allowed). */
// deno-lint-ignore no-control-regex
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const CONTROL_CHARS_MESSAGE = "El texto contiene caracteres no permitidos.";

/**
 * The first string inside an input that holds a control character, as the path to it ("a.b.0"), or null.
 * The route validator applies it to every body and query before the schema, so no field can forget it. It
 * walks with a stack of its own, not by recursion: no nesting a client sends can overflow the call stack.
 */
export function controlCharPath(value: unknown): string[] | null {
  // Each item knows its parent, so a path is built once, for the string found. A key is pushed just above
  // its value: it is checked first, as the document reads.
  type Item = { value: unknown; key: string | null; parent: Item | null };
  const pathOf = (item: Item) => {
    const path: string[] = [];
    for (let at: Item | null = item; at?.key != null; at = at.parent) path.push(at.key);
    return path.reverse();
  };
  const stack: Item[] = [{ value, key: null, parent: null }];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const x = top.value;
    if (typeof x === "string") {
      if (CONTROL_CHARS.test(x)) return pathOf(top);
    } else if (x && typeof x === "object") {
      const entries = Array.isArray(x) ? x.map((v, i) => [String(i), v] as const) : Object.entries(x);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, v] = entries[i];
        stack.push({ value: v, key: k, parent: top });
        if (!Array.isArray(x)) stack.push({ value: k, key: k, parent: top });
      }
    }
  }
  return null;
}

/** A required, trimmed text with the spec's Spanish message and a length bound. */
export const text = (required: string, max = 200) =>
  z.string({ error: required }).trim().min(1, required).max(max, `Máximo ${max} caracteres.`)
    .refine((x) => !CONTROL_CHARS.test(x), CONTROL_CHARS_MESSAGE);

/** An optional text: blank becomes null. */
export const optText = (max: number) =>
  z.string().trim().max(max, `Máximo ${max} caracteres.`)
    .refine((x) => !CONTROL_CHARS.test(x), CONTROL_CHARS_MESSAGE)
    .nullish().transform((x) => x || null);

export const email = (required: string) =>
  text(required, 254).pipe(z.email({ error: "Ingresar un correo electrónico válido." }));

export const newPassword = z
  .string({ error: "La contraseña debe tener al menos 8 caracteres." })
  .min(PASSWORD_MIN, "La contraseña debe tener al menos 8 caracteres.")
  .max(128, "Máximo 128 caracteres.");

/** A positive database id with its message. */
export const id = (message = "Identificador inválido.") =>
  z.number({ error: message }).int(message).positive(message).max(INT_MAX, message);

export const idParam = z.object({
  id: z.coerce.number({ error: "Identificador inválido." }).int("Identificador inválido.").positive(
    "Identificador inválido.",
  ).max(INT_MAX, "Identificador inválido."),
});

/** An object that refuses keys it does not know (a tenant never sends its contract or RUC). */
export const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (iss) =>
      iss.code === "unrecognized_keys"
        ? `Parámetro no permitido: ${iss.keys.join(", ")}.`
        : "Los datos ingresados no son válidos.",
  });

export const isIsoDay = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** A calendar day as yyyy-mm-dd, between 2000 and 2100. */
export const day = (required: string) =>
  z.string({ error: required }).trim().min(1, required)
    .refine(isIsoDay, "Ingresar una fecha válida (dd/MM/yyyy).")
    .refine((d) => d >= "2000-01-01" && d <= "2100-12-31", "La fecha debe estar entre los años 2000 y 2100.");

export const year = (required: string) =>
  z.coerce.number({ error: required }).int(required).min(2000, "El año debe estar entre 2000 y 2100.")
    .max(2100, "El año debe estar entre 2000 y 2100.");

/** True when the number has at most two decimals as written (0.1 + 0.2 style binary noise tolerated). */
export const hasTwoDecimals = (x: number) => Math.abs(x * 100 - Math.round(x * 100)) < 1e-6;

export { NOT_A_NUMBER } from "./number_text.ts";
import { NOT_A_NUMBER } from "./number_text.ts";

/** A number with `required` when it is missing and NOT_A_NUMBER when what came is not a number. */
export const number = (required: string) =>
  z.number({ error: (iss) => (iss.input == null ? required : NOT_A_NUMBER) });

/** Whole cents, with a tolerance that grows with the amount so large amounts keep their binary noise too. */
const isCents = (x: number) => {
  const cents = x * 100;
  return Math.abs(cents - Math.round(cents)) <= Math.max(1e-6, Math.abs(cents) * 4 * Number.EPSILON);
};

/**
 * An amount of money: a finite number from 0 to `max` with at most 2 decimals. Nothing is rounded
 * (1234.567 and 1e-7 are refused, not stored as 1234.57 and 0); each refusal carries the caller's message.
 */
export const money = (m: {
  required: string;
  notANumber?: string;
  negative: string;
  max: number;
  tooBig: string;
  decimals: string;
}) =>
  z.number({ error: (iss) => (iss.input == null ? m.required : m.notANumber ?? NOT_A_NUMBER) })
    .min(0, m.negative).max(m.max, m.tooBig).refine(isCents, m.decimals);
