// The collections (CO) and treasury (TE) reviews of a guarantee, and the bank validation mail.

import { STATE_CONFLICT } from "#contract/errors.ts";
import {
  amountBelowMinimum,
  type BankValidationSent,
  type GuaranteeReviewed,
  TICK_ONE,
} from "#contract/guarantees/guarantees.ts";
import type { Ctx } from "../context.ts";
import type { Queryable } from "../db.ts";
import { AppError, VALIDATION_ERROR } from "../errors.ts";
import type { Mail } from "../mail.ts";
import type { GuaranteeActor } from "./access.ts";
import { enqueueLetterMail } from "./letter_mail.ts";
import type { DetailRow } from "./load.ts";
import { ALL_CORRECT, BANK_MAIL_OPTION } from "./rules.ts";
import { decide } from "./state_machine.ts";
import { must, recordWrite, transition } from "./transition.ts";
import { reviewOptions } from "./view.ts";

const money = (v: number | null, symbol: string) =>
  v == null
    ? ""
    : `${symbol} ${v.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const ddmmyyyy = (iso: string | null) => (iso ? iso.split("-").reverse().join("/") : "");

export function bankValidationMail(d: DetailRow, to: string, by: string): Mail {
  const lines = [
    `Estimados señores de ${d.bank_name}:`,
    `Solicitamos confirmar la autenticidad y vigencia de la Carta Fianza N° ${
      d.nro_carta_fianza ?? "(sin número)"
    }, ` +
    `emitida el ${ddmmyyyy(d.fecha_emision)} con vencimiento el ${ddmmyyyy(d.fecha_vencimiento)}, por ` +
    `${money(d.importe == null ? null : Number(d.importe), d.currency_symbol)}.`,
    `Afianzado: ${d.razon_social} (RUC ${d.ruc}), contrato ${d.nro_contrato} del mall ${d.mall_name}.`,
    `Responder a: ${by}.`,
    "Portal de Centros Comerciales - Tesorería",
  ];
  return {
    to,
    subject: `Validación de Carta Fianza N° ${d.nro_carta_fianza ?? d.id}`,
    text: lines.join("\n"),
  };
}

async function queueBankMail(q: Queryable, d: DetailRow, actor: GuaranteeActor, now: Date) {
  if (!d.bank_email) {
    throw new AppError(STATE_CONFLICT, "El banco no tiene un correo de validación configurado.");
  }
  await enqueueLetterMail(q, bankValidationMail(d, d.bank_email, actor.email), now);
}

/**
 * Aprobar / Rechazar: the reviewer's role decides the review (CO or TE); 'Toda la informacion es correcta'
 * approves, any ticked option rejects with the options as observations.
 */
export async function reviewGuarantee(
  ctx: Ctx,
  actor: GuaranteeActor,
  id: number,
  options: Record<string, boolean>,
  version: number,
): Promise<GuaranteeReviewed> {
  return await transition(ctx, actor, id, async (t) => {
    const { q, g, m, now } = t;
    must(decide(g.snapshot, { type: "approve" }, m));
    const { opciones, importe: check } = reviewOptions(g, m);
    const known = new Set([ALL_CORRECT.id, ...opciones.map((o) => o.id)]);
    const unknown = Object.keys(options).filter((k) => !known.has(k));
    if (unknown.length) {
      throw new AppError(VALIDATION_ERROR, undefined, { options: "Opción de revisión no válida." });
    }
    const allCorrect = options[ALL_CORRECT.id] === true;
    const ticked = opciones.filter((o) => options[o.id] === true);
    if (!allCorrect && ticked.length === 0) {
      throw new AppError(VALIDATION_ERROR, TICK_ONE, { options: TICK_ONE });
    }
    if (allCorrect && ticked.length) {
      const message = "Si toda la información es correcta no debe marcar errores.";
      throw new AppError(VALIDATION_ERROR, message, { options: message });
    }
    if (allCorrect && check && !check.cumple) {
      const message = amountBelowMinimum(check, g.detail.currency_symbol);
      throw new AppError(VALIDATION_ERROR, message, { options: message });
    }
    const effect = must(decide(g.snapshot, { type: allCorrect ? "approve" : "reject" }, m));
    const review = effect.review!;
    const observaciones = allCorrect ? ALL_CORRECT.label : ticked.map((o) => o.label).join("; ");
    const chosen = Object.fromEntries([...known].map((k) => [k, options[k] === true]));
    await q.query(
      `insert into guarantee_reviews (detail_id, round, kind, color, options, observaciones, reviewer_id,
                                      reviewer_email, role_name, reviewed_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        id,
        g.detail.review_round,
        review.kind,
        review.color,
        JSON.stringify(chosen),
        observaciones,
        actor.userId,
        actor.email,
        actor.roleName,
        now,
      ],
    );
    // Listed only while bank validation is allowed (reviewOptions), so never ticked while it is off.
    if (ticked.some((o) => o.id === BANK_MAIL_OPTION) && g.detail.bank_email) {
      await queueBankMail(q, g.detail, actor, now);
    }
    await recordWrite(t, { state_code: effect.state }, {
      action: "guarantee.review",
      before: { state: g.detail.state_code },
      after: { kind: review.kind, state: effect.state, color: review.color, observaciones, options: chosen },
    });
    return { state: effect.state! };
  }, version);
}

/** Validar con banco: queues the validation mail to the bank (BBVA or BCP letters not yet approved). */
export async function requestBankValidation(
  ctx: Ctx,
  actor: GuaranteeActor,
  id: number,
): Promise<BankValidationSent> {
  return await transition(ctx, actor, id, async (t) => {
    const { q, g, m, now } = t;
    must(decide(g.snapshot, { type: "bank_validation" }, m));
    await queueBankMail(q, g.detail, actor, now);
    await recordWrite(t, null, {
      action: "guarantee.bank_validation",
      after: { bank: g.detail.bank_code, to: g.detail.bank_email },
    });
    return { to: g.detail.bank_email! };
  });
}
