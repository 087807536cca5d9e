import { Hono } from "hono";
import {
  deleteException,
  getException,
  reviewException,
  saveException,
} from "../services/guarantees/exceptions.ts";
import { exceptionList } from "../services/guarantees/lists.ts";
import type { ExceptionInput } from "../services/guarantees/validation.ts";
import { EXCEPTION_OBSERVATIONS } from "../services/guarantees/validation.ts";
import { done, fail, ok } from "./envelope.ts";
import type { AppEnv } from "./env.ts";
import { exceptionReviewBody, guaranteeActor, isoDate, readForm, uploadLimit } from "./guarantee_schemas.ts";
import { requirePermission } from "./middleware.ts";
import { idParam } from "./schemas.ts";
import { v } from "./validate.ts";

const staff = requirePermission("GARANTIAS_EXCEPCION");

const invalid = (field: string, message: string) => ({
  success: false,
  validationMessages: [{ field, message }],
});

/** The exception form (multipart): its text fields read leniently, the rules are the service's. */
function exceptionInput(f: Record<string, string>): ExceptionInput {
  const str = (k: string, max: number) => (f[k] ?? "").trim().slice(0, max) || null;
  const amount = str("importe", 30)?.replace(/,/g, "");
  const importe = amount && /^\d+(\.\d{1,2})?$/.test(amount) ? Number(amount) : null;
  const moneda = str("moneda", 10);
  const fecha = str("fechaLimite", 30)?.slice(0, 10) ?? null;
  return {
    tipoExcepcion: str("tipoExcepcion", 10),
    numfactura: str("numfactura", 30),
    importe: importe != null && importe <= 999_999_999_999 ? importe : null,
    moneda: moneda && /^\d{1,9}$/.test(moneda) ? Number(moneda) : null,
    fechaLimite: fecha && isoDate.safeParse(fecha).success ? fecha : null,
    motivo: str("motivo", 1000),
  };
}

/** Exceptions, by guarantee detail id (one exception per detail). */
export const guaranteeExceptions = new Hono<AppEnv>()
  .get("/", staff, async (c) => ok(c, { table: await exceptionList(c.var.ctx, guaranteeActor(c)) }))
  .get("/:id", staff, v("param", idParam), async (c) => {
    return ok(c, await getException(c.var.ctx, guaranteeActor(c), c.req.valid("param").id));
  })
  .post(
    "/:id",
    staff,
    uploadLimit((message) => invalid("sustento", message)),
    v("param", idParam),
    async (c) => {
      const form = await readForm(c, "sustento");
      if ("message" in form) return fail(c, 422, EXCEPTION_OBSERVATIONS, invalid("sustento", form.message));
      const r = await saveException(
        c.var.ctx,
        guaranteeActor(c),
        c.req.valid("param").id,
        exceptionInput(form.fields),
        form.file,
      );
      return ok(c, r, "INFORMACIÓN: La Excepción se ha guardado exitosamente.");
    },
  )
  .delete("/:id", staff, v("param", idParam), async (c) => {
    await deleteException(c.var.ctx, guaranteeActor(c), c.req.valid("param").id);
    return done(c, 301);
  })
  .post("/:id/review", staff, v("param", idParam), v("json", exceptionReviewBody), async (c) => {
    const r = await reviewException(
      c.var.ctx,
      guaranteeActor(c),
      c.req.valid("param").id,
      c.req.valid("json").estado,
    );
    return ok(c, r, "Guardado Exitoso: Se guardo la Revisión de la excepción.");
  });
