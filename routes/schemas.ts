import { z } from "zod";
import { PASSWORD_MIN } from "../services/passwords.ts";

/** A required, trimmed text with the spec's Spanish message and a length bound. */
export const text = (required: string, max = 200) =>
  z.string({ error: required }).trim().min(1, required).max(max, `Máximo ${max} caracteres.`);

export const email = (required: string) =>
  text(required, 254).pipe(z.email({ error: "Ingresar un correo electrónico válido." }));

export const newPassword = z
  .string({ error: "La contraseña debe tener al menos 8 caracteres." })
  .min(PASSWORD_MIN, "La contraseña debe tener al menos 8 caracteres.")
  .max(128, "Máximo 128 caracteres.");

export const idParam = z.object({
  id: z.coerce.number({ error: "Identificador inválido." }).int("Identificador inválido.").positive(
    "Identificador inválido.",
  )
    .max(2_147_483_647, "Identificador inválido."),
});
