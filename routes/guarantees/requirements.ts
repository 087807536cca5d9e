// Requerimiento de CF (/api/guarantee-requirements, GARANTIAS_REQUERIMIENTO_CARTA_FIANZA) and the general
// parameters of /configuracion-garantias (/api/guarantee-parameters, SUPERADMIN_CONFIG) and the flag-rule
// actions of a required letter on its detail (/api/guarantee-letters, the requirement permission).
import { Hono } from "hono";
import { chequeBody, LETTER_TEXTS, letterDeliveryBody, momentBody } from "#contract/guarantees/letters.ts";
import { parameterBody } from "#contract/guarantees/parameters.ts";
import {
  CONFIG_SAVED,
  CONFIG_WARNING,
  configBody,
  DELIVERY_SAVED,
  deliveryBody,
  generateBody,
  GENERATED_TITLE,
  generatedText,
} from "#contract/guarantees/requirements.ts";
import { VALIDATION_ERROR } from "#contract/errors.ts";
import { FILE_EMPTY } from "#contract/guarantees/guarantees.ts";
import { formVersion } from "#contract/versions.ts";
import { P } from "#contract/permissions.ts";
import {
  desistLetter,
  executionLetter,
  extend,
  guaranteeLetterFile,
  letterDelivery,
  letterPanel,
  registerCheque,
  registerMoment,
  uploadDeliverySupport,
} from "../../services/guarantees/letters.ts";
import { listParameters, saveParameter } from "../../services/guarantees/parameters.ts";
import {
  checkConfig,
  deliveryStates,
  expiringLetters,
  generateLetters,
  letterPdf,
  notarialLetters,
  readConfig,
  registerDelivery,
  saveConfig,
} from "../../services/guarantees/requirements.ts";
import { done, fail, ok } from "../envelope.ts";
import type { AppEnv } from "../env.ts";
import { attachment, guaranteeActor, readForm, uploadLimit } from "./http.ts";
import { requirePermission } from "../middleware.ts";
import { idParam } from "../schemas.ts";
import { v } from "../validate.ts";

const requirer = requirePermission(P.GARANTIAS_REQUERIMIENTO_CARTA_FIANZA);

export const guaranteeRequirements = new Hono<AppEnv>();

guaranteeRequirements.get("/expiring", requirer, async (c) => {
  return ok(c, { table: await expiringLetters(c.var.ctx) });
});

guaranteeRequirements.get("/letters", requirer, async (c) => {
  return ok(c, { table: await notarialLetters(c.var.ctx.db) });
});

guaranteeRequirements.get("/delivery-states", requirer, async (c) => {
  return ok(c, await deliveryStates(c.var.ctx.db));
});

guaranteeRequirements.post("/generate", requirer, v("json", generateBody), async (c) => {
  const cartas = await generateLetters(c.var.ctx, guaranteeActor(c), c.req.valid("json").garantias);
  return ok(c, { cartas }, `${GENERATED_TITLE}: ${generatedText(cartas.length)}`);
});

guaranteeRequirements.get("/letters/:id/pdf", requirer, v("param", idParam), async (c) => {
  const pdf = await letterPdf(c.var.ctx.db, c.req.valid("param").id);
  return attachment(c, pdf.bytes, pdf.name, "application/pdf");
});

guaranteeRequirements.put(
  "/letters/:id/delivery",
  requirer,
  v("param", idParam),
  v("json", deliveryBody),
  async (c) => {
    const id = c.req.valid("param").id;
    const letter = await registerDelivery(c.var.ctx, guaranteeActor(c), id, c.req.valid("json"));
    return ok(c, letter, DELIVERY_SAVED);
  },
);

guaranteeRequirements.get("/config", requirer, async (c) => ok(c, await readConfig(c.var.ctx.db)));

guaranteeRequirements.put("/config", requirer, v("json", configBody), async (c) => {
  const body = c.req.valid("json");
  const problems = await checkConfig(c.var.ctx.db, body);
  if (problems.length) return fail(c, VALIDATION_ERROR, CONFIG_WARNING, { validationMessages: problems });
  return ok(c, await saveConfig(c.var.ctx, guaranteeActor(c), body), CONFIG_SAVED);
});

const superadmin = requirePermission(P.SUPERADMIN_CONFIG);

/** /configuracion-garantias: the general parameters (GET list, PUT {codigo, value}). */
export const guaranteeParameters = new Hono<AppEnv>();

guaranteeParameters.get("/", superadmin, async (c) => ok(c, { table: await listParameters(c.var.ctx.db) }));

guaranteeParameters.put("/", superadmin, v("json", parameterBody), async (c) => {
  const saved = await saveParameter(c.var.ctx, guaranteeActor(c), c.req.valid("json"));
  return done(c, 101, { parametro: saved });
});

/** The flag-rule actions of a required letter (/api/guarantee-letters/:id); the state machine decides each. */
export const guaranteeLetters = new Hono<AppEnv>();

guaranteeLetters.get("/pdf/:id", requirer, v("param", idParam), async (c) => {
  const pdf = await guaranteeLetterFile(c.var.ctx, guaranteeActor(c), c.req.valid("param").id);
  return attachment(c, pdf.bytes, pdf.name, "application/pdf");
});

guaranteeLetters.get("/:id", requirer, v("param", idParam), async (c) => {
  return ok(c, await letterPanel(c.var.ctx, guaranteeActor(c), c.req.valid("param").id));
});

guaranteeLetters.post("/:id/desistimiento", requirer, v("param", idParam), async (c) => {
  const letter = await desistLetter(c.var.ctx, guaranteeActor(c), c.req.valid("param").id);
  return ok(c, letter, LETTER_TEXTS.desist_letter.done);
});

guaranteeLetters.post("/:id/ejecucion", requirer, v("param", idParam), async (c) => {
  const letter = await executionLetter(c.var.ctx, guaranteeActor(c), c.req.valid("param").id);
  return ok(c, letter, LETTER_TEXTS.execution_letter.done);
});

guaranteeLetters.post("/:id/prorroga", requirer, v("param", idParam), async (c) => {
  const until = await extend(c.var.ctx, guaranteeActor(c), c.req.valid("param").id);
  return ok(c, { fecha_vencimiento_prorroga: until }, LETTER_TEXTS.extend.done);
});

for (
  const [path, kind, text] of [
    ["/:id/ejecucion/entrega", "ejecucion", LETTER_TEXTS.execution_delivery.done],
    ["/:id/desistimiento/entrega", "desistimiento", LETTER_TEXTS.desist_delivery.done],
  ] as const
) {
  guaranteeLetters.put(path, requirer, v("param", idParam), v("json", letterDeliveryBody), async (c) => {
    const id = c.req.valid("param").id;
    return ok(c, await letterDelivery(c.var.ctx, guaranteeActor(c), id, kind, c.req.valid("json")), text);
  });
}

guaranteeLetters.put("/:id/cheque", requirer, v("param", idParam), v("json", chequeBody), async (c) => {
  const id = c.req.valid("param").id;
  return ok(
    c,
    await registerCheque(c.var.ctx, guaranteeActor(c), id, c.req.valid("json")),
    LETTER_TEXTS.cheque.done,
  );
});

guaranteeLetters.put(
  "/:id/momento-entrega",
  requirer,
  v("param", idParam),
  v("json", momentBody),
  async (c) => {
    const id = c.req.valid("param").id;
    const saved = await registerMoment(c.var.ctx, guaranteeActor(c), id, c.req.valid("json"));
    return ok(c, saved, LETTER_TEXTS.delivery_moment.done);
  },
);

/** The delivery moment's support (multipart `file`), with the uploads' own body limit (routes/app.ts: null). */
export const guaranteeDeliverySupport = new Hono<AppEnv>();

guaranteeDeliverySupport.post(
  "/:id",
  requirer,
  uploadLimit((message) => ({ file: message })),
  v("param", idParam),
  async (c) => {
    const form = await readForm(c, "file");
    if ("message" in form) return fail(c, VALIDATION_ERROR, form.message, { [form.field]: form.message });
    if (!form.file) return fail(c, VALIDATION_ERROR, FILE_EMPTY, { file: FILE_EMPTY });
    const saved = await uploadDeliverySupport(
      c.var.ctx,
      guaranteeActor(c),
      c.req.valid("param").id,
      form.file,
      formVersion(form.fields.version),
    );
    return ok(c, saved, LETTER_TEXTS.delivery_support.done);
  },
);
