// The tenant's side of a guarantee: read, save, validate, send to review, renew.

import {
  CASH,
  type ExceptionFieldsInput,
  GUARANTEE_OBSERVATIONS,
  type GuaranteeRenewed,
  type GuaranteeSaved,
  type GuaranteeSaveInput,
  type GuaranteeView,
  LETTER,
  type ValidationResult,
} from "#contract/guarantees/guarantees.ts";
import type { Ctx } from "../context.ts";
import type { Queryable } from "../db.ts";
import { AppError, VALIDATION_ERROR } from "../errors.ts";
import type { GuaranteeActor } from "./access.ts";
import { loadDetail, type Loaded } from "./load.ts";
import { decide, hasApprovedException } from "./state_machine.ts";
import {
  fileNames,
  filesOf,
  guaranteeVersion,
  must,
  readable,
  recordWrite,
  transition,
} from "./transition.ts";
import { validateGuarantee } from "./validation.ts";
import { guaranteeView } from "./view.ts";

export async function getGuarantee(ctx: Ctx, actor: GuaranteeActor, id: number): Promise<GuaranteeView> {
  const { g, m } = await readable(ctx, actor, id);
  return {
    ...guaranteeView(g, m, await fileNames(ctx.db, filesOf(g))),
    version: await guaranteeVersion(ctx.db, g),
  };
}

export async function validateStored(ctx: Ctx, actor: GuaranteeActor, id: number): Promise<ValidationResult> {
  const { g, today } = await readable(ctx, actor, id);
  return validateGuarantee(g, today);
}

type Fields = Record<string, string | number | null>;

const norm = (v: unknown) => (v === "" || v === undefined ? null : v);
const differs = (a: Fields, b: Fields) => Object.keys(a).some((k) => norm(a[k]) !== norm(b[k]));

/** The main fields the guarantee's type uses: stored and asked for. */
function mainFields(g: Loaded, input: GuaranteeSaveInput): { stored: Fields; wanted: Fields } {
  const d = g.detail;
  const stored: Fields = {
    razon_social: d.razon_social,
    nombre_comercial: d.nombre_comercial,
    bank_id: d.bank_id,
    importe: d.importe == null ? null : Number(d.importe),
  };
  const wanted: Fields = {
    razon_social: input.razon_social,
    nombre_comercial: input.nombre_comercial,
    bank_id: input.id_banco,
    importe: input.importe,
  };
  if (d.type_code === LETTER) {
    Object.assign(stored, {
      letter_kind_id: d.letter_kind_id,
      nro_carta_fianza: d.nro_carta_fianza,
      fecha_emision: d.fecha_emision,
      fecha_vencimiento: d.fecha_vencimiento,
    });
    Object.assign(wanted, {
      letter_kind_id: input.id_tipo_carta_fianza,
      nro_carta_fianza: input.nro_carta_fianza,
      fecha_emision: input.fecha_emision_carta_fianza,
      fecha_vencimiento: input.fecha_vencimiento_carta_fianza,
    });
  } else if (d.type_code === CASH) {
    stored.nro_operacion = d.nro_operacion;
    wanted.nro_operacion = input.nro_operacion;
  }
  return { stored, wanted };
}

/** The exception fields its guarantee type uses (cash for EFE, letter for CFZ). */
function exceptionFields(g: Loaded, x: ExceptionFieldsInput | null | undefined) {
  const e = g.exception;
  if (!e || !x) return { stored: {} as Fields, wanted: {} as Fields };
  if (e.guarantee_type === CASH) {
    return {
      stored: {
        bank_cash_id: e.bank_cash_id,
        nro_operacion_efectivo: e.nro_operacion_efectivo,
        fecha_deposito_efectivo: e.fecha_deposito_efectivo,
      } as Fields,
      wanted: {
        bank_cash_id: x.id_banco_efectivo ?? null,
        nro_operacion_efectivo: x.nro_operacion_efectivo ?? null,
        fecha_deposito_efectivo: x.fecha_deposito_efectivo ?? null,
      } as Fields,
    };
  }
  if (e.guarantee_type === LETTER) {
    return {
      stored: {
        bank_letter_id: e.bank_letter_id,
        nro_carta_fianza: e.nro_carta_fianza,
        fecha_emision_carta_fianza: e.fecha_emision_carta_fianza,
        fecha_vencimiento_carta_fianza: e.fecha_vencimiento_carta_fianza,
        letter_kind_id: e.letter_kind_id,
      } as Fields,
      wanted: {
        bank_letter_id: x.id_banco_carta_fianza ?? null,
        nro_carta_fianza: x.nro_carta_fianza ?? null,
        fecha_emision_carta_fianza: x.fecha_emision_carta_fianza ?? null,
        fecha_vencimiento_carta_fianza: x.fecha_vencimiento_carta_fianza ?? null,
        letter_kind_id: x.id_tipo_carta_fianza ?? null,
      } as Fields,
    };
  }
  return { stored: {} as Fields, wanted: {} as Fields };
}

async function assertBank(q: Queryable, bankId: unknown, kind: "letter" | "cash", field: string) {
  if (bankId == null) return;
  const col = kind === "letter" ? "for_letters" : "for_cash";
  const ok = await q.query(`select 1 from banks where id = $1 and ${col}`, [bankId]);
  if (ok.length === 0) {
    throw new AppError(VALIDATION_ERROR, undefined, { [field]: "Seleccione un banco válido." });
  }
}

const setClause = (f: Fields, from: number) => Object.keys(f).map((k, i) => `${k} = $${i + from}`).join(", ");

/** Guardar: stores what the tenant may edit now, then answers the validation of the stored guarantee. */
export async function saveGuarantee(
  ctx: Ctx,
  actor: GuaranteeActor,
  id: number,
  input: GuaranteeSaveInput,
): Promise<GuaranteeSaved> {
  return await transition(ctx, actor, id, async (t) => {
    const { q, g, m, today } = t;
    const main = mainFields(g, input);
    const exc = exceptionFields(g, input.excepcion);
    const mainChanged = differs(main.wanted, main.stored);
    const excChanged = hasApprovedException(g.snapshot) && differs(exc.wanted, exc.stored);
    const effect = must(decide(g.snapshot, { type: "save", main: mainChanged, exception: excChanged }, m));
    if (mainChanged) {
      await assertBank(q, main.wanted.bank_id, g.detail.type_code === CASH ? "cash" : "letter", "id_banco");
      const { razon_social, nombre_comercial, ...detail } = main.wanted;
      await q.query("update guarantees set razon_social = $2, nombre_comercial = $3 where id = $1", [
        g.detail.guarantee_id,
        razon_social,
        nombre_comercial,
      ]);
      await q.query(`update guarantee_details set ${setClause(detail, 2)} where id = $1`, [
        id,
        ...Object.values(detail),
      ]);
    }
    if (excChanged) {
      const cash = g.exception!.guarantee_type === CASH;
      await assertBank(
        q,
        cash ? exc.wanted.bank_cash_id : exc.wanted.bank_letter_id,
        cash ? "cash" : "letter",
        cash ? "excepcion.id_banco_efectivo" : "excepcion.id_banco_carta_fianza",
      );
      await q.query(`update guarantee_exceptions set ${setClause(exc.wanted, 2)} where id = $1`, [
        g.exception!.id,
        ...Object.values(exc.wanted),
      ]);
    }
    const state = effect.state ?? g.detail.state_code;
    await recordWrite(t, { state_code: state }, {
      action: "guarantee.save",
      before: { state: g.detail.state_code, ...main.stored, excepcion: exc.stored },
      after: { state, ...main.wanted, excepcion: exc.wanted },
    });
    return { validation: validateGuarantee(await loadDetail(q, id, today), today) };
  }, input.version);
}

/** Enviar a Revisión: only a guarantee that passes validation goes to EN_REVISION, opening a review round. */
export async function sendToReview(ctx: Ctx, actor: GuaranteeActor, id: number): Promise<ValidationResult> {
  return await transition(ctx, actor, id, async (t) => {
    const { q, g, m, now, today } = t;
    const effect = must(decide(g.snapshot, { type: "send" }, m));
    const validation = validateGuarantee(g, today);
    if (!validation.success) throw new AppError(VALIDATION_ERROR, GUARANTEE_OBSERVATIONS, validation);
    const round = g.detail.review_round + 1;
    await q.query(
      `insert into guarantee_reviews (detail_id, round, kind, color, observaciones, reviewer_id, reviewer_email,
                                      role_name, reviewed_at)
       values ($1, $2, 'LO', 'verde', $3, $4, $5, $6, $7)`,
      [id, round, "Información enviada a revisión.", actor.userId, actor.email, actor.roleName, now],
    );
    await recordWrite(t, { state_code: effect.state, review_round: round }, {
      action: "guarantee.send",
      before: { state: g.detail.state_code },
      after: { state: effect.state, round },
    });
    return validation;
  });
}

/** Renovar: marks the letter renewed and opens its renewal detail (INGRESADO_RENOVACION, letter kind 384). */
export async function renewGuarantee(ctx: Ctx, actor: GuaranteeActor, id: number): Promise<GuaranteeRenewed> {
  return await transition(ctx, actor, id, async (t) => {
    const { q, g, m, now } = t;
    const { renewal } = must(decide(g.snapshot, { type: "renew" }, m));
    const d = g.detail;
    const [row] = await q.query<{ id: number }>(
      `insert into guarantee_details (guarantee_id, renews_id, origin, state_code, type_code, bank_id, importe,
                                      letter_kind_id, created_at, created_by, updated_at, updated_by)
       values ($1, $2, 'Renovación', $3, $4, $5, $6, $7, $8, $9, $8, $9) returning id`,
      [
        d.guarantee_id,
        id,
        renewal!.state,
        d.type_code,
        d.bank_id,
        d.importe,
        renewal!.letterKind,
        now,
        actor.userId,
      ],
    );
    await recordWrite(t, { is_renovada: true }, {
      action: "guarantee.renew",
      before: { state: d.state_code, is_renovada: false },
      after: { is_renovada: true, renewalId: row.id, renewalState: renewal!.state },
    });
    return { id: row.id };
  });
}
