// update_estado (spec 3 section 3): the state editor (staff holding SUPERADMIN_CONFIG) moves a guarantee one
// step of the review cycle, forward or back, as the state machine allows (STATE_EDIT_STEPS); audited
// `guarantee.update_state` with the state before and after; over the version the detail screen read (448).

import type { UpdateStateBody } from "#contract/guarantees/state.ts";
import type { StateCode } from "#contract/guarantees/guarantees.ts";
import type { Ctx } from "../context.ts";
import type { GuaranteeActor } from "./access.ts";
import { decide } from "./state_machine.ts";
import { must, recordWrite, transition } from "./transition.ts";

export async function updateState(
  ctx: Ctx,
  actor: GuaranteeActor,
  body: UpdateStateBody,
): Promise<{ id_detalle_garantia: number; codigo_estado_detalle_garantia: StateCode }> {
  return await transition(ctx, actor, body.id_detalle_garantia, async (t) => {
    const to = body.codigo_estado_detalle_garantia;
    const effect = must(decide(t.g.snapshot, { type: "set_state", to }, t.m));
    await recordWrite(t, { state_code: effect.state }, {
      action: "guarantee.update_state",
      before: { state: t.g.detail.state_code },
      after: { state: effect.state },
    });
    return { id_detalle_garantia: t.g.detail.id, codigo_estado_detalle_garantia: effect.state! };
  }, body.version);
}
