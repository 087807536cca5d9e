// The superadmin utilities (spec 2, Admin utilities; SUPERADMIN_CONFIG): the global comparison year and the
// All-In upload (multipart, its own 20 MB limit). Schemas and answers in contract/staff_admin.ts.
import { VALIDATION_ERROR } from "#contract/errors.ts";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { P } from "#contract/permissions.ts";
import {
  ADMIN_UTILS_PATHS as PATH,
  ALL_IN_FAILED,
  ALL_IN_MAX_BYTES,
  ALL_IN_NEEDS,
  allInDone,
  allInYear,
  comparisonYearBody,
} from "#contract/staff_admin.ts";
import { noQuery } from "#contract/tenant.ts";
import { uploadAllIn } from "../services/all_in.ts";
import { comparisonYear, saveComparisonYear } from "../services/comparison_year.ts";
import { fail, ok } from "./envelope.ts";
import type { AppEnv } from "./env.ts";
import { readForm } from "./guarantees/http.ts";
import { jsonBodyLimit } from "./body_limit.ts";
import { requirePermission } from "./middleware.ts";
import { v } from "./validate.ts";

export const staffAdmin = new Hono<AppEnv>();
const superadmin = requirePermission(P.SUPERADMIN_CONFIG);

staffAdmin.get(PATH.comparisonYear, superadmin, v("query", noQuery), async (c) => {
  return ok(c, await comparisonYear(c.var.ctx));
});

staffAdmin.put(
  PATH.comparisonYear,
  jsonBodyLimit,
  superadmin,
  v("query", noQuery),
  v("json", comparisonYearBody),
  async (c) => {
    const r = await saveComparisonYear(c.var.ctx, c.req.valid("json"), {
      userId: c.var.session!.userId,
      ip: c.var.ip,
    });
    return ok(c, { messageId: 101, ...r }, "Los cambios fueron guardados con exito.");
  },
);

const uploadLimit = bodyLimit({
  maxSize: ALL_IN_MAX_BYTES + 1024 * 1024,
  onError: (c) => fail(c, VALIDATION_ERROR, ALL_IN_FAILED, { archivo: ALL_IN_NEEDS.tooLarge }),
});

staffAdmin.post(PATH.allIn, superadmin, uploadLimit, v("query", noQuery), async (c) => {
  const form = await readForm(c, "archivo");
  if ("message" in form) return fail(c, VALIDATION_ERROR, ALL_IN_FAILED, { [form.field]: form.message });
  const year = allInYear.safeParse(form.fields.anio);
  const bad: Record<string, string> = {};
  if (!year.success) bad.anio = ALL_IN_NEEDS.year;
  if (!form.file) bad.archivo = ALL_IN_NEEDS.file;
  else if (!/\.xlsx$/i.test(form.file.name)) bad.archivo = ALL_IN_NEEDS.type;
  if (Object.keys(bad).length || !form.file || !year.success) {
    return fail(c, VALIDATION_ERROR, ALL_IN_FAILED, bad);
  }
  const bytes = new Uint8Array(await form.file.arrayBuffer());
  const r = await uploadAllIn(c.var.ctx, { anio: year.data, fileName: form.file.name, bytes }, {
    userId: c.var.session!.userId,
    ip: c.var.ip,
  });
  return ok(c, r, allInDone(r.archivo));
});
