// Input schemas and helpers shared by the guarantee routes.

import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { GuaranteeActor } from "../services/guarantees/access.ts";
import { FILE_TOO_LARGE, ONE_FILE } from "../services/guarantees/files.ts";
import { SUPPORT_MAX_BYTES } from "../services/guarantees/rules.ts";
import { fail } from "./envelope.ts";
import type { AuthedEnv } from "./env.ts";
import { text } from "./schemas.ts";

/** The person acting, from the session only (a tenant's contract is the session's). */
export function guaranteeActor(c: Context<AuthedEnv>): GuaranteeActor {
  const s = c.var.session;
  return {
    userId: s.userId,
    email: s.email,
    roleId: s.roleId,
    roleName: s.roleName,
    isTenant: s.isTenant,
    contractId: s.contractId,
    permissions: s.permissions,
    ip: c.var.ip,
  };
}

const validDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Fecha inválida.").refine(
  validDate,
  "Fecha inválida.",
);
const optDate = isoDate.nullish().transform((x) => x ?? null);
const optText = (max: number) =>
  z.string().trim().max(max, `Máximo ${max} caracteres.`).nullish().transform((x) => x || null);
const digits = (max: number, message: string) =>
  z.string().trim().regex(/^[0-9]*$/, message).max(max, `Máximo ${max} caracteres.`).nullish().transform((
    x,
  ) => x || null);
const optId = z.number({ error: "Identificador inválido." }).int().positive().max(2_147_483_647).nullish()
  .transform((x) => x ?? null);
const amount = z.number({ error: "El importe debe ser un número." }).min(
  0,
  "El importe no puede ser negativo.",
)
  .max(999_999_999_999, "El importe es demasiado grande.").nullish().transform((x) => x ?? null);

const AFTER = "La Fecha de Vencimiento debe ser posterior a la Fecha de Emisión.";
const ordered = (a: string | null | undefined, b: string | null | undefined) => !a || !b || b > a;

const exceptionFields = z.object({
  id_banco_efectivo: optId,
  nro_operacion_efectivo: digits(20, "El Nro. de Operación solo admite dígitos."),
  fecha_deposito_efectivo: optDate,
  id_banco_carta_fianza: optId,
  nro_carta_fianza: optText(40),
  fecha_emision_carta_fianza: optDate,
  fecha_vencimiento_carta_fianza: optDate,
  id_tipo_carta_fianza: z.union([z.literal(383), z.literal(384)]).nullish().transform((x) => x ?? null),
}).refine((v) => ordered(v.fecha_emision_carta_fianza, v.fecha_vencimiento_carta_fianza), {
  path: ["fecha_vencimiento_carta_fianza"],
  message: AFTER,
});

/** Guarantee detail save payload (spec 3 section 3); the detail id is the path's. */
export const detailBody = z.object({
  razon_social: text("Debe ingresar la Razón Social.", 200),
  nombre_comercial: text("Debe ingresar el Nombre Comercial.", 200),
  id_banco: optId,
  importe: amount,
  id_tipo_carta_fianza: z.union([z.literal(383), z.literal(384)], { error: "Tipo de carta fianza inválido." })
    .default(383),
  nro_carta_fianza: optText(40),
  nro_operacion: digits(20, "El Nro. de Operación solo admite dígitos."),
  fecha_emision_carta_fianza: optDate,
  fecha_vencimiento_carta_fianza: optDate,
  excepcion: exceptionFields.nullish(),
}).refine((v) => ordered(v.fecha_emision_carta_fianza, v.fecha_vencimiento_carta_fianza), {
  path: ["fecha_vencimiento_carta_fianza"],
  message: AFTER,
});

export const reviewBody = z.object({
  options: z.record(z.string().max(40), z.boolean(), { error: "Opciones de revisión inválidas." })
    .refine((o) => Object.keys(o).length <= 20, "Opciones de revisión inválidas."),
});

export const exceptionReviewBody = z.object({
  estado: z.enum(["APR", "REC"], { error: "Seleccione Aprobar o Rechazar." }),
});

export const fileIdParam = z.object({
  fileId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "Identificador inválido."),
});

export const fileKind = z.object({
  kind: z.enum(["carta_fianza", "operacion", "excepcion_efectivo", "excepcion_carta_fianza"], {
    error: "Tipo de adjunto inválido.",
  }),
});

/** 20 MB of file plus the multipart envelope; anything larger is refused before it is read. */
export const UPLOAD_BODY_LIMIT = SUPPORT_MAX_BYTES + 1024 * 1024;

export const uploadLimit = (data: (message: string) => unknown) =>
  bodyLimit({
    maxSize: UPLOAD_BODY_LIMIT,
    onError: (c) => fail(c, 422, FILE_TOO_LARGE, data(FILE_TOO_LARGE)),
  });

/** The multipart form of an upload: its text fields and its one file (null without, a message with several). */
export async function readForm(
  c: Context,
  fileField: string,
): Promise<{ fields: Record<string, string>; file: File | null } | { message: string }> {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    return { message: "El formulario enviado no es válido." };
  }
  const fields: Record<string, string> = {};
  const files: File[] = [];
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string") files.push(value);
    else if (key !== fileField) fields[key] = value.slice(0, 5000);
  }
  if (files.length > 1) return { message: ONE_FILE };
  return { fields, file: files[0] ?? null };
}

/** Downloads: always as an attachment, never sniffed, named after the uploaded file. */
export function attachment(c: Context, bytes: Uint8Array, name: string, contentType: string) {
  const ascii = name.normalize("NFD").replace(/[^\x20-\x7e]/g, "").replace(/["\\]/g, "_") || "archivo";
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": contentType,
    "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    "X-Content-Type-Options": "nosniff",
    "Content-Length": String(bytes.length),
  });
}
