// The HTTP side of the guarantee calls: the actor from the session, the upload limit, the multipart form
// and the attachment download. The bodies' schemas are the contract's (contract/guarantees/guarantees.ts).

import { VALIDATION_ERROR } from "#contract/errors.ts";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { CONTROL_CHARS, CONTROL_CHARS_MESSAGE, controlCharPath } from "#contract/fields.ts";
import { FILE_MAX_BYTES, FILE_TOO_LARGE, ONE_FILE } from "#contract/guarantees/guarantees.ts";
import type { GuaranteeActor } from "../../services/guarantees/access.ts";
import { fail } from "../envelope.ts";
import type { AuthedEnv } from "../env.ts";

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

/** 20 MB of file plus the multipart envelope; anything larger is refused before it is read. */
export const UPLOAD_BODY_LIMIT = FILE_MAX_BYTES + 1024 * 1024;

/** The upload calls' own limit (their sub-apps have no 1 MB JSON limit): the file's message in its field. */
export const uploadLimit = (data: (message: string) => unknown) =>
  bodyLimit({
    maxSize: UPLOAD_BODY_LIMIT,
    onError: (c) => fail(c, VALIDATION_ERROR, FILE_TOO_LARGE, data(FILE_TOO_LARGE)),
  });

/**
 * The multipart form of an upload: its text fields and its one file (null without, a message with several).
 * Forms do not pass through `v()`, so the same control-character rule is applied here, to the file's name
 * too (slashes in it are made safe where it is stored).
 */
export async function readForm(
  c: Context,
  fileField: string,
): Promise<{ fields: Record<string, string>; file: File | null } | { message: string; field: string }> {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    return { message: "El formulario enviado no es válido.", field: fileField };
  }
  const fields: Record<string, string> = {};
  const files: File[] = [];
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string") files.push(value);
    else if (key !== fileField) fields[key] = value.slice(0, 5000);
  }
  const bad = controlCharPath(fields);
  if (bad) return { message: CONTROL_CHARS_MESSAGE, field: bad[0] };
  if (files.length > 1) return { message: ONE_FILE, field: fileField };
  // The file's name is text the person sent too: the same rule (it is stored, and named in answers).
  if (files.some((f) => CONTROL_CHARS.test(f.name))) {
    return { message: CONTROL_CHARS_MESSAGE, field: fileField };
  }
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
