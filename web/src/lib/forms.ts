import { useState } from "react";
import { z } from "zod";
import { ApiError } from "./api.ts";

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/**
 * The first message per field of a failed parse, or null when the value is valid. With `wholePath` a nested
 * field is keyed by its dotted path ("suministros.0.venta"), as the server's 422 answer keys it.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  wholePath = false,
): { ok: true; data: z.infer<S> } | { ok: false; errors: FieldErrors } {
  const r = schema.safeParse(value);
  if (r.success) return { ok: true, data: r.data };
  const errors: FieldErrors = {};
  for (const issue of r.error.issues) {
    const key = wholePath && issue.path.length ? issue.path.join(".") : String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** A form's values and messages; editing a field clears its message. */
export function useForm<V extends Record<string, unknown>>(initial: V) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (patch: Partial<V>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k];
      return next;
    });
  };
  return { values, set, errors, setErrors };
}

/** The server's field messages of a 422 answer, to show under the inputs. */
export function serverFieldErrors(e: unknown): FieldErrors {
  return e instanceof ApiError ? e.fieldErrors : {};
}

/** A required text: trimmed, with the spec's message when empty. */
export const requiredText = (message: string) => z.string().trim().min(1, message);

/** A required e-mail; an address that is not one gets its own message. */
export const requiredEmail = (message: string) =>
  requiredText(message).pipe(z.email("Ingresar un correo electrónico válido"));

export const PASSWORD_MIN = 8;
const PASSWORD_SHORT = "La contraseña debe tener al menos 8 caracteres.";
const PASSWORDS_DIFFER = "Las contraseñas deben coincidir";

/** New password and its confirmation (spec 1 section 5). */
export const newPasswordSchema = z
  .object({
    password: z.string().min(PASSWORD_MIN, PASSWORD_SHORT),
    confirm: z.string().min(1, PASSWORDS_DIFFER),
  })
  .refine((v) => v.password === v.confirm, { message: PASSWORDS_DIFFER, path: ["confirm"] });
