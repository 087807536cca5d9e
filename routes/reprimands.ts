// Reprimands (spec 3 section 2.1): registration with pictures, the approval grid and its detail. Mounted
// without an area body limit: the JSON call sets 1 MB, the registration its pictures' own.

import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { P } from "#contract/permissions.ts";
import {
  decisionBody,
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE,
  localsQuery,
  MAX_IMAGES,
  registerReprimandForm,
  SAVED,
  TOO_MANY_IMAGES,
} from "#contract/reprimands.ts";
import { NOT_FOUND, VALIDATION_ERROR } from "#contract/errors.ts";
import { CONTROL_CHARS, CONTROL_CHARS_MESSAGE } from "#contract/fields.ts";
import type { CheckedFile } from "../services/guarantees/files.ts";
import { decideReprimand } from "../services/reprimands/decide.ts";
import { checkImage, imageBytes, imageRow } from "../services/reprimands/images.ts";
import { registerReprimand } from "../services/reprimands/register.ts";
import {
  mallLocals,
  reprimandCatalog,
  reprimandDetail,
  reprimandList,
} from "../services/reprimands/views.ts";
import { jsonBodyLimit as json } from "./body_limit.ts";
import { fail, ok } from "./envelope.ts";
import type { AppEnv } from "./env.ts";
import { requirePermission } from "./middleware.ts";
import { idParam } from "./schemas.ts";
import { v } from "./validate.ts";

const registrar = requirePermission(P.REGISTRO_AMONESTACION);
const viewer = requirePermission(P.VISTA_AMONESTACIONES);

/** Five pictures of 5 MB and the form around them; a larger body is refused before it is read. */
const picturesLimit = bodyLimit({
  maxSize: MAX_IMAGES * IMAGE_MAX_BYTES + 1024 * 1024,
  onError: (c) => fail(c, VALIDATION_ERROR, IMAGE_TOO_LARGE, { pictures: IMAGE_TOO_LARGE }),
});

const imageParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Identificador inválido.") });

export const reprimands = new Hono<AppEnv>();

reprimands.get("/catalog", registrar, async (c) => ok(c, await reprimandCatalog(c.var.ctx)));

reprimands.get("/locals", registrar, v("query", localsQuery), async (c) => {
  return ok(c, await mallLocals(c.var.ctx, c.req.valid("query").unidadEconomica));
});

reprimands.get("/", viewer, async (c) => ok(c, await reprimandList(c.var.ctx)));

reprimands.post("/", registrar, picturesLimit, async (c) => {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    return fail(c, VALIDATION_ERROR, undefined, { form: "El formulario enviado no es válido." });
  }
  const fields: Record<string, string> = {};
  const files: File[] = [];
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string") files.push(value);
    else fields[key] = value.slice(0, 5000);
  }
  const parsed = registerReprimandForm.safeParse(fields);
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path.join(".") || "form"] ??= issue.message;
  }
  const images: CheckedFile[] = [];
  if (files.length > MAX_IMAGES) errors.pictures ??= TOO_MANY_IMAGES;
  else if (files.some((f) => CONTROL_CHARS.test(f.name))) errors.pictures ??= CONTROL_CHARS_MESSAGE;
  else {
    for (const f of files) {
      const checked = await checkImage(f);
      if ("message" in checked) errors.pictures ??= checked.message;
      else images.push(checked);
    }
  }
  if (!parsed.success || Object.keys(errors).length) return fail(c, VALIDATION_ERROR, undefined, errors);
  const s = c.var.session!;
  const r = await registerReprimand(c.var.ctx, { userId: s.userId, ip: c.var.ip }, parsed.data, images);
  return ok(c, r, SAVED);
});

reprimands.get(
  "/images/:id",
  requirePermission(P.VISTA_AMONESTACIONES, P.REGISTRO_AMONESTACION),
  v("param", imageParam),
  async (c) => {
    const row = await imageRow(c.var.ctx.db, c.req.valid("param").id);
    const bytes = row && await imageBytes(c.var.ctx.config, row);
    if (!row || !bytes) return fail(c, NOT_FOUND, "La imagen no existe.");
    const type = row.storage === "demo" ? "image/gif" : row.content_type;
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": type,
      "Content-Length": String(bytes.length),
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
      "Cache-Control": "private, max-age=3600",
    });
  },
);

reprimands.get("/:id", viewer, v("param", idParam), async (c) => {
  return ok(c, await reprimandDetail(c.var.ctx, c.var.session!.roleId, c.req.valid("param").id));
});

reprimands.post("/:id/decision", json, viewer, v("param", idParam), v("json", decisionBody), async (c) => {
  const s = c.var.session!;
  const r = await decideReprimand(
    c.var.ctx,
    { userId: s.userId, roleId: s.roleId, ip: c.var.ip },
    c.req.valid("param").id,
    c.req.valid("json"),
  );
  return ok(c, r, SAVED);
});
