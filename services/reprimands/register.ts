// 'Registrar' a reprimand: the local's tenant, the reason's amounts copied, the pictures stored, in one
// transaction (a picture written to disk is removed again when the registration fails).

import type { RegisteredReprimand, RegisterReprimand } from "#contract/reprimands.ts";
import { audit } from "../audit.ts";
import type { Actor, Ctx } from "../context.ts";
import { AppError, VALIDATION_ERROR } from "../errors.ts";
import type { CheckedFile, StoredFile } from "../guarantees/files.ts";
import { finalAmount } from "./approval.ts";
import { recordImage, storeImage } from "./images.ts";

const invalid = (field: string, message: string) =>
  new AppError(VALIDATION_ERROR, undefined, { [field]: message });

export async function registerReprimand(
  ctx: Ctx,
  actor: Actor,
  input: RegisterReprimand,
  images: CheckedFile[],
): Promise<RegisteredReprimand> {
  const now = ctx.clock();
  // The time as the person typed it, in Lima (UTC−5 all year).
  const occurred = new Date(`${input.fecha}T${input.hora}:00-05:00`);
  if (occurred.getTime() > now.getTime() + 60_000) throw invalid("fecha", "La fecha no puede ser futura.");
  const stored: StoredFile[] = [];
  try {
    for (const f of images) stored.push(await storeImage(ctx.config, f));
    return await ctx.db.tx(async (q) => {
      const [mall] = await q.query("select 1 from malls where id = $1", [input.unidadEconomica]);
      if (!mall) throw invalid("unidadEconomica", "Debe seleccionar un mall");
      const [reason] = await q.query<{ base_amount: string; discount_pct: string }>(
        "select base_amount, discount_pct from reprimand_reasons where id = $1 and type_id = $2 and active",
        [input.motivo, input.tipoMotivo],
      );
      if (!reason) throw invalid("motivo", "Debe seleccionar un Motivo");
      const [local] = await q.query<{ local_id: number; contract_id: number }>(
        `select l.id as local_id, cl.contract_id from locals l join contract_locals cl on cl.local_id = l.id
          where l.mall_id = $1 and upper(l.code) = $2`,
        [input.unidadEconomica, input.local],
      );
      if (!local) throw invalid("local", "El Local no existe en el mall o no tiene locatario.");
      const base = Number(reason.base_amount), pct = Number(reason.discount_pct);
      const [row] = await q.query<{ id: number }>(
        `insert into reprimands (mall_id, contract_id, local_id, reason_id, base_amount, discount_pct, final_amount,
                                 responsable, dni, occurred_at, detail, created_at, created_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id`,
        [
          input.unidadEconomica,
          local.contract_id,
          local.local_id,
          input.motivo,
          base,
          pct,
          finalAmount(base, pct),
          input.responsable,
          input.dni,
          occurred,
          input.detalle,
          now,
          actor.userId,
        ],
      );
      const id = Number(row.id);
      for (let i = 0; i < images.length; i++) {
        await recordImage(q, stored[i], images[i], { reprimandId: id, userId: actor.userId, now });
      }
      await audit(q, {
        userId: actor.userId,
        action: "reprimand.create",
        entity: "reprimand",
        entityId: id,
        after: { ...input, imagenes: images.map((f) => f.name) },
        ip: actor.ip,
      }, now);
      return { idAmonestacion: id };
    });
  } catch (e) {
    await Promise.all(stored.map((s) => s.remove()));
    throw e;
  }
}
