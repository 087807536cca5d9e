// 'Aprobar' / 'Desaprobar': the caller's own box only, decided by the pure rules on the locked row.

import { NOT_FOUND } from "#contract/errors.ts";
import type { DecisionBody, ReprimandDetail } from "#contract/reprimands.ts";
import { audit } from "../audit.ts";
import type { Actor, Ctx } from "../context.ts";
import { AppError } from "../errors.ts";
import { decide } from "./approval.ts";
import { boxesOf, boxOf, REPRIMAND_MISSING, reprimandDetail } from "./views.ts";

export async function decideReprimand(
  ctx: Ctx,
  actor: Actor & { roleId: number },
  id: number,
  body: DecisionBody,
): Promise<ReprimandDetail> {
  const now = ctx.clock();
  await ctx.db.tx(async (q) => {
    const [row] = await q.query<
      { subgerencia_ok: boolean | null; operaciones_ok: boolean | null; gaf_ok: boolean | null }
    >(
      "select subgerencia_ok, operaciones_ok, gaf_ok from reprimands where id = $1 for update",
      [id],
    );
    if (!row) throw new AppError(NOT_FOUND, REPRIMAND_MISSING);
    const v = decide(boxesOf(row), await boxOf(q, actor.roleId), body.accion);
    if (!v.ok) throw new AppError(v.errorId, v.message);
    // The column names come from the rules' box, never from the request.
    await q.query(
      `update reprimands set ${v.box}_ok = $2, ${v.box}_obs = $3, ${v.box}_at = $4, ${v.box}_by = $5 where id = $1`,
      [id, v.approve, body.observacion, now, actor.userId],
    );
    await audit(q, {
      userId: actor.userId,
      action: v.approve ? "reprimand.approve" : "reprimand.disapprove",
      entity: "reprimand",
      entityId: id,
      after: { box: v.box, approve: v.approve, observacion: body.observacion },
      ip: actor.ip,
    }, now);
  });
  return await reprimandDetail(ctx, actor.roleId, id);
}
