import { Hono } from "hono";
import { VALIDATION_ERROR } from "#contract/errors.ts";
import {
  EXCEPTION_OBSERVATIONS,
  EXCEPTION_REVIEW_SAVED,
  EXCEPTION_SAVED,
  exceptionForm,
  exceptionReviewBody,
} from "#contract/guarantees/guarantees.ts";
import { P } from "#contract/permissions.ts";
import {
  deleteException,
  getException,
  reviewException,
  saveException,
} from "../../services/guarantees/exceptions.ts";
import { exceptionList } from "../../services/guarantees/lists.ts";
import { jsonBodyLimit as json } from "../body_limit.ts";
import { done, fail, ok } from "../envelope.ts";
import type { AppEnv } from "../env.ts";
import { guaranteeActor, readForm, uploadLimit } from "./http.ts";
import { requirePermission } from "../middleware.ts";
import { idParam } from "../schemas.ts";
import { v } from "../validate.ts";

const staff = requirePermission(P.GARANTIAS_EXCEPCION);

const invalid = (field: string, message: string) => ({
  success: false,
  validationMessages: [{ field, message }],
});

/**
 * Exceptions, by guarantee detail id (one exception per detail). Mounted without an area body limit: each
 * write sets its own, 1 MB of JSON (`json`) or, for the form with its support, 20 MB.
 */
export const guaranteeExceptions = new Hono<AppEnv>();

guaranteeExceptions.get(
  "/",
  staff,
  async (c) => ok(c, { table: await exceptionList(c.var.ctx, guaranteeActor(c)) }),
);

guaranteeExceptions.get("/:id", staff, v("param", idParam), async (c) => {
  return ok(c, await getException(c.var.ctx, guaranteeActor(c), c.req.valid("param").id));
});

guaranteeExceptions.post(
  "/:id",
  staff,
  uploadLimit((message) => invalid("sustento", message)),
  v("param", idParam),
  async (c) => {
    const form = await readForm(c, "sustento");
    if ("message" in form) {
      return fail(c, VALIDATION_ERROR, EXCEPTION_OBSERVATIONS, invalid(form.field, form.message));
    }
    const r = await saveException(
      c.var.ctx,
      guaranteeActor(c),
      c.req.valid("param").id,
      exceptionForm.parse(form.fields),
      form.file,
    );
    return ok(c, r, EXCEPTION_SAVED);
  },
);

guaranteeExceptions.delete("/:id", json, staff, v("param", idParam), async (c) => {
  await deleteException(c.var.ctx, guaranteeActor(c), c.req.valid("param").id);
  return done(c, 301);
});

guaranteeExceptions.post(
  "/:id/review",
  json,
  staff,
  v("param", idParam),
  v("json", exceptionReviewBody),
  async (c) => {
    const r = await reviewException(
      c.var.ctx,
      guaranteeActor(c),
      c.req.valid("param").id,
      c.req.valid("json").estado,
      c.req.valid("json").version,
    );
    return ok(c, r, EXCEPTION_REVIEW_SAVED);
  },
);
