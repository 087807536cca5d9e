import { Hono } from "hono";
import { STAFF_VIEW_PERMISSIONS } from "../services/guarantees/access.ts";
import {
  type DetailFileKind,
  downloadAttachment,
  uploadAttachment,
} from "../services/guarantees/attachments.ts";
import { guaranteeCatalog } from "../services/guarantees/catalog.ts";
import {
  getGuarantee,
  renewGuarantee,
  saveGuarantee,
  sendToReview,
  validateStored,
} from "../services/guarantees/details.ts";
import { FILE_EMPTY } from "../services/guarantees/files.ts";
import { reviewList, tenantGuarantees } from "../services/guarantees/lists.ts";
import { requestBankValidation, reviewGuarantee } from "../services/guarantees/reviews.ts";
import { done, fail, ok } from "./envelope.ts";
import type { AppEnv } from "./env.ts";
import {
  attachment,
  detailBody,
  fileIdParam,
  fileKind,
  guaranteeActor,
  readForm,
  reviewBody,
  uploadLimit,
} from "./guarantee_schemas.ts";
import { requirePermission, requireSession, requireTenant } from "./middleware.ts";
import { idParam } from "./schemas.ts";
import { v } from "./validate.ts";

/** Uploads carry up to 20 MB: app.ts leaves them out of the 1 MB JSON limit and they apply their own. */
export function isUploadRequest(method: string, path: string): boolean {
  return method === "POST" &&
    (/^\/api\/guarantees\/\d+\/files$/.test(path) || /^\/api\/guarantee-exceptions\/\d+$/.test(path));
}

const tenant = [requireTenant, requirePermission("GARANTIAS_LOCATARIO")] as const;
/** Tenants and staff of the guarantee screens; the service then checks this very guarantee. */
const viewer = requirePermission("GARANTIAS_LOCATARIO", ...STAFF_VIEW_PERMISSIONS);
const reviewer = requirePermission("GARANTIAS_REVISION", "GARANTIAS_REVISION_2");

export const guarantees = new Hono<AppEnv>()
  .get("/catalog", viewer, async (c) => ok(c, await guaranteeCatalog(c.var.ctx.db)))
  .get("/mine", ...tenant, async (c) => {
    return ok(c, { table: await tenantGuarantees(c.var.ctx, guaranteeActor(c)) });
  })
  .get("/review/1", requirePermission("GARANTIAS_REVISION"), async (c) => {
    return ok(c, { table: await reviewList(c.var.ctx, 1) });
  })
  .get("/review/2", requirePermission("GARANTIAS_REVISION_2"), async (c) => {
    return ok(c, { table: await reviewList(c.var.ctx, 2) });
  })
  .get("/files/:fileId", requireSession, viewer, v("param", fileIdParam), async (c) => {
    const f = await downloadAttachment(c.var.ctx, guaranteeActor(c), c.req.valid("param").fileId);
    return attachment(c, f.bytes, f.name, f.contentType);
  })
  .get("/:id", viewer, v("param", idParam), async (c) => {
    return ok(c, await getGuarantee(c.var.ctx, guaranteeActor(c), c.req.valid("param").id));
  })
  .put("/:id", ...tenant, v("param", idParam), v("json", detailBody), async (c) => {
    const r = await saveGuarantee(c.var.ctx, guaranteeActor(c), c.req.valid("param").id, c.req.valid("json"));
    return ok(c, r, "Los cambios fueron guardados con exito.");
  })
  .post("/:id/validate", viewer, v("param", idParam), async (c) => {
    return ok(c, await validateStored(c.var.ctx, guaranteeActor(c), c.req.valid("param").id));
  })
  .post("/:id/send", ...tenant, v("param", idParam), async (c) => {
    const r = await sendToReview(c.var.ctx, guaranteeActor(c), c.req.valid("param").id);
    return done(c, 102, r);
  })
  .post("/:id/renew", ...tenant, v("param", idParam), async (c) => {
    const r = await renewGuarantee(c.var.ctx, guaranteeActor(c), c.req.valid("param").id);
    return done(c, 100, r);
  })
  .post("/:id/review", reviewer, v("param", idParam), v("json", reviewBody), async (c) => {
    const { options } = c.req.valid("json");
    const r = await reviewGuarantee(c.var.ctx, guaranteeActor(c), c.req.valid("param").id, options);
    return done(c, 101, r);
  })
  .post("/:id/bank-validation", reviewer, v("param", idParam), async (c) => {
    const r = await requestBankValidation(c.var.ctx, guaranteeActor(c), c.req.valid("param").id);
    return ok(c, { success: true, ...r }, "Envio exitoso: Se envio el correo de validación al banco.");
  })
  .post(
    "/:id/files",
    ...tenant,
    uploadLimit((message) => ({ file: message })),
    v("param", idParam),
    async (c) => {
      const form = await readForm(c, "file");
      if ("message" in form) return fail(c, 422, form.message, { file: form.message });
      const kind = fileKind.safeParse(form.fields);
      if (!kind.success) return fail(c, 422, undefined, { kind: "Tipo de adjunto inválido." });
      if (!form.file) return fail(c, 422, FILE_EMPTY, { file: FILE_EMPTY });
      const r = await uploadAttachment(
        c.var.ctx,
        guaranteeActor(c),
        c.req.valid("param").id,
        kind.data.kind as DetailFileKind,
        form.file,
      );
      return ok(c, r, "El archivo se cargó correctamente.");
    },
  );
