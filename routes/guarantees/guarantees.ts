import { Hono } from "hono";
import { VALIDATION_ERROR } from "#contract/errors.ts";
import {
  BANK_VALIDATION_SENT,
  FILE_EMPTY,
  FILE_UPLOADED,
  fileIdParam,
  GUARANTEE_REVIEWERS,
  GUARANTEE_STAFF_VIEW,
  guaranteeReviewBody,
  guaranteeSaveBody,
  uploadKindForm,
} from "#contract/guarantees/guarantees.ts";
import { STATE_UPDATED, updateStateBody } from "#contract/guarantees/state.ts";
import { P } from "#contract/permissions.ts";
import { downloadAttachment, uploadAttachment } from "../../services/guarantees/attachments.ts";
import { guaranteeCatalog } from "../../services/guarantees/catalog.ts";
import {
  getGuarantee,
  renewGuarantee,
  saveGuarantee,
  sendToReview,
  validateStored,
} from "../../services/guarantees/details.ts";
import { reviewList, tenantGuarantees } from "../../services/guarantees/lists.ts";
import { requestBankValidation, reviewGuarantee } from "../../services/guarantees/reviews.ts";
import { updateState } from "../../services/guarantees/state_edit.ts";
import { jsonBodyLimit as json } from "../body_limit.ts";
import { done, fail, ok } from "../envelope.ts";
import type { AppEnv } from "../env.ts";
import { attachment, guaranteeActor, readForm, uploadLimit } from "./http.ts";
import { requirePermission, requireSession, requireTenant } from "../middleware.ts";
import { idParam } from "../schemas.ts";
import { v } from "../validate.ts";

const tenant = [requireTenant, requirePermission(P.GARANTIAS_LOCATARIO)] as const;
/** Tenants and staff of the guarantee screens; the service then checks this very guarantee. */
const viewer = requirePermission(P.GARANTIAS_LOCATARIO, ...GUARANTEE_STAFF_VIEW);
const reviewer = requirePermission(...GUARANTEE_REVIEWERS);

/**
 * Guarantee details. Mounted without an area body limit: each write sets its own, 1 MB of JSON (`json`)
 * or, for the upload, 20 MB of file.
 */
export const guarantees = new Hono<AppEnv>();

guarantees.get("/catalog", viewer, async (c) => ok(c, await guaranteeCatalog(c.var.ctx.db)));

guarantees.get("/mine", ...tenant, async (c) => {
  return ok(c, { table: await tenantGuarantees(c.var.ctx, guaranteeActor(c)) });
});

guarantees.get("/review/1", requirePermission(P.GARANTIAS_REVISION), async (c) => {
  return ok(c, { table: await reviewList(c.var.ctx, 1) });
});

guarantees.get("/review/2", requirePermission(P.GARANTIAS_REVISION_2), async (c) => {
  return ok(c, { table: await reviewList(c.var.ctx, 2) });
});

guarantees.get("/files/:fileId", requireSession, viewer, v("param", fileIdParam), async (c) => {
  const f = await downloadAttachment(c.var.ctx, guaranteeActor(c), c.req.valid("param").fileId);
  return attachment(c, f.bytes, f.name, f.contentType);
});

// update_estado: the state editor only (SUPERADMIN_CONFIG); the state machine decides the step.
guarantees.put(
  "/update_estado",
  json,
  requirePermission(P.SUPERADMIN_CONFIG),
  v("json", updateStateBody),
  async (c) => {
    const r = await updateState(c.var.ctx, guaranteeActor(c), c.req.valid("json"));
    return ok(c, r, STATE_UPDATED);
  },
);

guarantees.get("/:id", viewer, v("param", idParam), async (c) => {
  return ok(c, await getGuarantee(c.var.ctx, guaranteeActor(c), c.req.valid("param").id));
});

guarantees.put("/:id", json, ...tenant, v("param", idParam), v("json", guaranteeSaveBody), async (c) => {
  const r = await saveGuarantee(c.var.ctx, guaranteeActor(c), c.req.valid("param").id, c.req.valid("json"));
  return ok(c, r, "Los cambios fueron guardados con exito.");
});

guarantees.post("/:id/validate", json, viewer, v("param", idParam), async (c) => {
  return ok(c, await validateStored(c.var.ctx, guaranteeActor(c), c.req.valid("param").id));
});

guarantees.post("/:id/send", json, ...tenant, v("param", idParam), async (c) => {
  const r = await sendToReview(c.var.ctx, guaranteeActor(c), c.req.valid("param").id);
  return done(c, 102, r);
});

guarantees.post("/:id/renew", json, ...tenant, v("param", idParam), async (c) => {
  const r = await renewGuarantee(c.var.ctx, guaranteeActor(c), c.req.valid("param").id);
  return done(c, 100, r);
});

guarantees.post(
  "/:id/review",
  json,
  reviewer,
  v("param", idParam),
  v("json", guaranteeReviewBody),
  async (c) => {
    const { options, version } = c.req.valid("json");
    const r = await reviewGuarantee(c.var.ctx, guaranteeActor(c), c.req.valid("param").id, options, version);
    return done(c, 101, r);
  },
);

guarantees.post("/:id/bank-validation", json, reviewer, v("param", idParam), async (c) => {
  const r = await requestBankValidation(c.var.ctx, guaranteeActor(c), c.req.valid("param").id);
  return ok(c, { success: true, ...r }, BANK_VALIDATION_SENT);
});

guarantees.post(
  "/:id/files",
  ...tenant,
  uploadLimit((message) => ({ file: message })),
  v("param", idParam),
  async (c) => {
    const form = await readForm(c, "file");
    if ("message" in form) return fail(c, VALIDATION_ERROR, form.message, { [form.field]: form.message });
    const kind = uploadKindForm.safeParse(form.fields);
    if (!kind.success) return fail(c, VALIDATION_ERROR, undefined, { kind: "Tipo de adjunto inválido." });
    if (!form.file) return fail(c, VALIDATION_ERROR, FILE_EMPTY, { file: FILE_EMPTY });
    const id = c.req.valid("param").id;
    const { kind: k, version } = kind.data;
    const r = await uploadAttachment(c.var.ctx, guaranteeActor(c), id, k, form.file, version);
    return ok(c, r, FILE_UPLOADED);
  },
);
