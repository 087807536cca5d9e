// Exceptions of a guarantee: register or update (with their .msg support), delete, and the collections and
// treasury reviews (APR / REC). One exception per guarantee detail.

import {
  EXCEPTION_OBSERVATIONS,
  type ExceptionInput,
  type ExceptionReviewed,
  type ExceptionSaved,
  type ExceptionScreen,
  type ExceptionTypeOption,
  validateException,
  type ValidationMessage,
  type Verdict,
} from "#contract/guarantees/guarantees.ts";
import { VERSION_REQUIRED } from "#contract/versions.ts";
import type { Ctx } from "../context.ts";
import { AppError, VALIDATION_ERROR } from "../errors.ts";
import type { GuaranteeActor } from "./access.ts";
import { type CheckedFile, checkFile, recordFile, type StoredFile, writeFile } from "./files.ts";
import { decide, offers } from "./state_machine.ts";
import {
  fileNames,
  filesOf,
  guaranteeVersion,
  must,
  readable,
  recordWrite,
  transition,
} from "./transition.ts";
import { detalleView, exceptionView, garantiaView } from "./view.ts";

type ExceptionTypeRow = ExceptionTypeOption;

/** The exception screens' model: the guarantee, its exception and what the actor may do. */
export async function getException(
  ctx: Ctx,
  actor: GuaranteeActor,
  detailId: number,
): Promise<ExceptionScreen> {
  const { g, m } = await readable(ctx, actor, detailId);
  const files = await fileNames(ctx.db, filesOf(g));
  const types = await ctx.db.query<ExceptionTypeRow>(
    `select code, name, for_type, needs_invoice, shows_invoice from exception_types
      where for_type is null or for_type = $1 order by sort`,
    [g.detail.type_code],
  );
  return {
    garantia: garantiaView(g.detail),
    detalle_garantia: detalleView(g.detail, files),
    excepcion: exceptionView(g.exception, files),
    tipos_excepcion: types,
    acciones: offers(g.snapshot, m),
    version: await guaranteeVersion(ctx.db, g),
  };
}

function fail(messages: ValidationMessage[]): never {
  throw new AppError(VALIDATION_ERROR, EXCEPTION_OBSERVATIONS, {
    success: false,
    validationMessages: messages,
  });
}

/**
 * Registrar Excepción: validates every field and the support file with the spec's messages and saves nothing
 * when any fails; registers a new exception or updates one that is INGRESADO or RECHAZADO (back to INGRESADO).
 */
export async function saveException(
  ctx: Ctx,
  actor: GuaranteeActor,
  detailId: number,
  input: ExceptionInput,
  file: File | null,
): Promise<ExceptionSaved> {
  const first = await readable(ctx, actor, detailId);
  const [type] = input.tipoExcepcion
    ? await ctx.db.query<ExceptionTypeRow>(
      "select code, name, for_type, needs_invoice, shows_invoice from exception_types where code = $1",
      [input.tipoExcepcion],
    )
    : [];
  const known = input.moneda == null
    ? []
    : await ctx.db.query("select 1 from currencies where id = $1", [input.moneda]);
  let checked: CheckedFile | null = null;
  const fileMessages: ValidationMessage[] = [];
  if (file) {
    const r = await checkFile("excepcion_sustento", file);
    if ("message" in r) fileMessages.push({ field: "sustento", message: r.message });
    else checked = r;
  }
  const result = validateException(input, {
    knownType: !!type,
    needsInvoice: !!type?.needs_invoice,
    knownCurrency: known.length > 0,
    hasSupport: !!checked || (!file && !!first.g.exception?.support_file_id),
  });
  const messages = [
    ...result.validationMessages.filter((x) => x.field !== "sustento" || !file),
    ...fileMessages,
  ];
  if (messages.length) fail(messages);
  const action = first.g.exception ? "exception_update" : "exception_register";
  must(
    decide(
      first.g.snapshot,
      { type: action, exceptionType: { code: type.code, forType: type.for_type } },
      first.m,
    ),
  );

  // After the spec's checks, so that an empty form answers them all first.
  const version = input.version;
  if (version === null) throw new AppError(VALIDATION_ERROR, VERSION_REQUIRED, { version: VERSION_REQUIRED });
  let stored: StoredFile | null = null;
  if (checked) stored = await writeFile(ctx.config, checked);
  try {
    return await transition(ctx, actor, detailId, async (t) => {
      const { q, g, m, now } = t;
      const kind = g.exception ? "exception_update" : "exception_register";
      must(decide(g.snapshot, { type: kind, exceptionType: { code: type.code, forType: type.for_type } }, m));
      if (stored && checked) {
        await recordFile(q, stored, checked, {
          detailId,
          kind: "excepcion_sustento",
          userId: actor.userId,
          now,
        });
      }
      const values = [
        input.tipoExcepcion,
        type.shows_invoice ? input.numfactura || null : null,
        input.importe,
        input.moneda,
        input.fechaLimite,
        input.motivo!.trim(),
        stored?.id ?? g.exception?.support_file_id ?? null,
        now,
        actor.userId,
      ];
      let id: number;
      if (g.exception) {
        id = g.exception.id;
        await q.query(
          `update guarantee_exceptions set state_code = 'ING', type_code = $2, numero_factura = $3, importe = $4,
                  currency_id = $5, fecha_vencimiento = $6, motivo = $7, support_file_id = $8, updated_at = $9,
                  updated_by = $10, co_state = null, co_at = null, co_by = null, co_email = null, te_state = null,
                  te_at = null, te_by = null, te_email = null
            where id = $1`,
          [id, ...values],
        );
      } else {
        [{ id }] = await q.query<{ id: number }>(
          `insert into guarantee_exceptions (detail_id, state_code, type_code, numero_factura, importe, currency_id,
                                             fecha_vencimiento, motivo, support_file_id, created_at, created_by,
                                             updated_at, updated_by)
           values ($1, 'ING', $2, $3, $4, $5, $6, $7, $8, $9, $10, $9, $10) returning id`,
          [detailId, ...values],
        );
      }
      await recordWrite(t, { is_excepcion: false }, {
        action: `guarantee.${kind}`,
        entity: "guarantee_exception",
        entityId: id,
        before: g.exception ? { state: g.exception.state_code, type: g.exception.type_code } : null,
        after: { detailId, state: "ING", ...input, support: stored?.id ?? null },
      });
      return { id_garantia_excepcion: id };
    }, version);
  } catch (err) {
    await stored?.remove();
    throw err;
  }
}

export async function deleteException(ctx: Ctx, actor: GuaranteeActor, detailId: number): Promise<void> {
  await transition(ctx, actor, detailId, async (t) => {
    const { q, g, m } = t;
    must(decide(g.snapshot, { type: "exception_delete" }, m));
    const e = g.exception!;
    await q.query("delete from guarantee_exceptions where id = $1", [e.id]);
    await recordWrite(t, { is_excepcion: false }, {
      action: "guarantee.exception_delete",
      entity: "guarantee_exception",
      entityId: e.id,
      before: { detailId, state: e.state_code, type: e.type_code, importe: e.importe, motivo: e.motivo },
    });
  });
}

/** The collections or treasury review of an exception (by the reviewer's role). */
export async function reviewException(
  ctx: Ctx,
  actor: GuaranteeActor,
  detailId: number,
  estado: Verdict,
  version: number,
): Promise<ExceptionReviewed> {
  return await transition(ctx, actor, detailId, async (t) => {
    const { q, g, m, now } = t;
    const effect = must(
      decide(g.snapshot, { type: estado === "APR" ? "exception_approve" : "exception_reject" }, m),
    );
    const { kind, result } = effect.exceptionReview!;
    const p = kind === "CO" ? "co" : "te";
    await q.query(
      `update guarantee_exceptions set state_code = $2, ${p}_state = $3, ${p}_at = $4, ${p}_by = $5, ${p}_email = $6
        where id = $1`,
      [g.exception!.id, effect.exceptionState, result, now, actor.userId, actor.email],
    );
    await recordWrite(t, effect.isExcepcion ? { is_excepcion: true } : null, {
      action: "guarantee.exception_review",
      entity: "guarantee_exception",
      entityId: g.exception!.id,
      before: { state: g.exception!.state_code },
      after: { kind, state: effect.exceptionState, [kind]: result },
    });
    return { state: effect.exceptionState! };
  }, version);
}
