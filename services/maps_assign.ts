// The rental-object maintenance (issue 15, /Mapas/ModificarMapas): a mall's plan with each local's contract and
// the mall's contracts, and the contract-to-local assignment ('Guardar', 'Limpiar'), audited maps.assign. A
// local holds one contract (contract_locals); every map reads it, so an assignment changes them all. The
// local's history (local_contract_history, sql/020) closes the holder's row and opens the new one. A save
// carries the version of the local as the map read it (issue 38): the local's latest audited change, an
// assignment or a vacancy status, since either redraws what the person decided on.

import {
  type AssignmentBody,
  type AssignmentClearBody,
  type AssignmentDone,
  CONTRACT_UNKNOWN,
  LOCAL_UNKNOWN,
  type LocalHistoryRow,
  type MaintenanceMap,
} from "#contract/maps_all_in.ts";
import { MALL_REQUIRED } from "#contract/maps.ts";
import { audit } from "./audit.ts";
import { limaDate } from "./clock.ts";
import type { Actor, Ctx } from "./context.ts";
import type { Queryable } from "./db.ts";
import { AppError, VALIDATION_ERROR } from "./errors.ts";
import { mallPlan, mapMalls } from "./maps.ts";
import { assertVersion, versionsOf } from "./versions.ts";

export async function maintenanceMap(ctx: Ctx, mallId: number): Promise<MaintenanceMap> {
  const malls = await mapMalls(ctx.db);
  const chosen = malls.some((m) => m.value === mallId) ? mallId : malls[0]?.value ?? mallId;
  const plan = await mallPlan(ctx.db, chosen);
  const contratos = await ctx.db.query<{ code: string; denominacion: string }>(
    "select code, denominacion from contracts where mall_id = $1 order by code",
    [chosen],
  );
  const versions = await versionsOf(ctx.db, ENTITY, plan.locations.map((l) => l.id));
  return {
    malls,
    mallId: chosen,
    mapaCalor: {
      levels: plan.levels,
      locations: plan.locations.map(({ estado: _e, ...l }) => ({
        ...l,
        version: versions.get(String(l.id)) ?? 0,
      })),
    },
    contratos,
  };
}

/** The audit entity of a local's changes (services/maps.ts audits its status under the same). */
const ENTITY = "local";

async function checkMall(q: Queryable, mallId: number) {
  const [m] = await q.query("select 1 from malls where id = $1", [mallId]);
  if (!m) throw new AppError(VALIDATION_ERROR, undefined, { unidadEconomicaId: MALL_REQUIRED });
}

/** The local's current contract code (locked for the change). */
async function currentContract(q: Queryable, localId: number): Promise<string | null> {
  const [row] = await q.query<{ code: string }>(
    `select c.code from contract_locals cl join contracts c on c.id = cl.contract_id
      where cl.local_id = $1 for update of cl`,
    [localId],
  );
  return row?.code ?? null;
}

async function record(
  q: Queryable,
  actor: Actor,
  now: Date,
  local: { id: number; code: string },
  before: string | null,
  after: string | null,
) {
  await audit(q, {
    userId: actor.userId,
    action: "maps.assign",
    entity: ENTITY,
    entityId: local.id,
    before: { local: local.code, contrato: before },
    after: { local: local.code, contrato: after },
    ip: actor.ip,
  }, now);
}

/** Closes the local's open history row (the day before `today`'s change) and opens the new holder's. */
async function moveHistory(
  q: Queryable,
  actor: Actor,
  now: Date,
  localId: number,
  contractId: number | null,
) {
  const today = limaDate(now);
  await q.query(
    "update local_contract_history set hasta = greatest(desde, $2::date) where local_id = $1 and hasta is null",
    [localId, today],
  );
  if (contractId === null) return;
  await q.query(
    `insert into local_contract_history (local_id, contract_id, desde, hasta, origen, recorded_at, recorded_by)
     values ($1, $2, $3, null, 'asignacion', $4, $5)`,
    [localId, contractId, today, now, actor.userId],
  );
}

/** 'Guardar': the contract occupies the local (replacing the one before); a repeat writes nothing. */
export async function assignContract(ctx: Ctx, actor: Actor, body: AssignmentBody): Promise<AssignmentDone> {
  const now = ctx.clock();
  return await ctx.db.tx(async (q) => {
    await checkMall(q, body.unidadEconomicaId);
    const [local] = await q.query<{ id: number; code: string }>(
      "select id, code from locals where mall_id = $1 and upper(code) = $2 for update",
      [body.unidadEconomicaId, body.local],
    );
    const [contract] = await q.query<{ id: number; code: string }>(
      "select id, code from contracts where mall_id = $1 and upper(code) = $2",
      [body.unidadEconomicaId, body.contrato],
    );
    const fields: Record<string, string> = {};
    if (!contract) fields.contrato = CONTRACT_UNKNOWN;
    if (!local) fields.local = LOCAL_UNKNOWN;
    if (!local || !contract) throw new AppError(VALIDATION_ERROR, undefined, fields);
    await assertVersion(q, ENTITY, local.id, body.version);
    const before = await currentContract(q, local.id);
    if (before !== contract.code) {
      await q.query("delete from contract_locals where local_id = $1", [local.id]);
      await q.query("insert into contract_locals (contract_id, local_id) values ($1, $2)", [
        contract.id,
        local.id,
      ]);
      await moveHistory(q, actor, now, local.id, contract.id);
      await record(q, actor, now, local, before, contract.code);
    }
    return { local: local.code, contrato: contract.code };
  });
}

/** 'Limpiar': the rental object is left without a contract; a repeat writes nothing. */
export async function clearAssignment(
  ctx: Ctx,
  actor: Actor,
  body: AssignmentClearBody,
): Promise<AssignmentDone> {
  const now = ctx.clock();
  return await ctx.db.tx(async (q) => {
    await checkMall(q, body.unidadEconomicaId);
    const [local] = await q.query<{ id: number; code: string }>(
      "select id, code from locals where id = $1 and mall_id = $2 for update",
      [body.idObj, body.unidadEconomicaId],
    );
    if (!local) throw new AppError(VALIDATION_ERROR, undefined, { idObj: LOCAL_UNKNOWN });
    await assertVersion(q, ENTITY, local.id, body.version);
    const before = await currentContract(q, local.id);
    if (before !== null) {
      await q.query("delete from contract_locals where local_id = $1", [local.id]);
      await moveHistory(q, actor, now, local.id, null);
      await record(q, actor, now, local, before, null);
    }
    return { local: local.code, contrato: null };
  });
}

/** The contracts a local of the mall has held, the latest first. */
export async function localHistory(ctx: Ctx, mallId: number, localId: number): Promise<LocalHistoryRow[]> {
  const [local] = await ctx.db.query("select 1 from locals where id = $1 and mall_id = $2", [
    localId,
    mallId,
  ]);
  if (!local) throw new AppError(VALIDATION_ERROR, undefined, { idObj: LOCAL_UNKNOWN });
  const rows = await ctx.db.query<
    { contrato: string; locatario: string | null; desde: string; hasta: string | null; origen: string }
  >(
    `select c.code as contrato, t.nombre_comercial as locatario, h.desde::text as desde, h.hasta::text as hasta,
            h.origen
       from local_contract_history h join contracts c on c.id = h.contract_id
       left join tenants t on t.id = c.tenant_id
      where h.local_id = $1
      order by h.desde desc, h.id desc`,
    [localId],
  );
  return rows.map((r) => ({ ...r, origen: r.origen === "asignacion" ? "asignacion" : "contrato" }));
}
