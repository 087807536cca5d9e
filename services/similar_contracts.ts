// 'Contratos Símiles' (issue 14): the groups of similar contracts, one contract per mall, a contract in at
// most one group. Writes lock the groups table so two saves cannot put one contract in two groups; the
// unique constraint of sql/014_similar_contracts.sql backs it. Every write is audited
// (similar_contracts.create, .update, .delete); the extract 'similar_contracts' follows by trigger.

import {
  type ShopOption,
  SIMILAR_MALLS,
  SIMILAR_NOT_FOUND,
  type SimilarAddBody,
  type SimilarContractListed,
  type SimilarContractRow,
  type SimilarEditBody,
  similarInOtherGroup,
  type SimilarMallKey,
  similarNotInMall,
} from "#contract/similar_contracts.ts";
import { audit } from "./audit.ts";
import type { Actor, Ctx } from "./context.ts";
import type { Queryable } from "./db.ts";
import { NOT_FOUND } from "#contract/errors.ts";
import { AppError, VALIDATION_ERROR } from "./errors.ts";
import { assertVersion, versionsOf } from "./versions.ts";

interface MemberRow {
  group_id: number;
  mall_id: number;
  code: string;
  denominacion: string;
}

async function readGroups(q: Queryable, id?: number): Promise<SimilarContractRow[]> {
  const groups = await q.query<{ id: number }>(
    `select id from similar_contracts ${id ? "where id = $1" : ""} order by id`,
    id ? [id] : [],
  );
  const members = await q.query<MemberRow>(
    `select m.group_id, m.mall_id, c.code, c.denominacion
       from similar_contract_members m join contracts c on c.id = m.contract_id
      ${id ? "where m.group_id = $1" : ""}`,
    id ? [id] : [],
  );
  const byGroup = new Map<number, MemberRow[]>();
  for (const m of members) byGroup.set(Number(m.group_id), [...(byGroup.get(Number(m.group_id)) ?? []), m]);
  return groups.map((g) => {
    const row = { id: Number(g.id) } as SimilarContractRow;
    for (const mall of SIMILAR_MALLS) {
      const m = byGroup.get(Number(g.id))?.find((x) => Number(x.mall_id) === mall.mallId);
      row[mall.key] = m?.code ?? null;
      row[`${mall.key}Denominacion`] = m?.denominacion ?? null;
    }
    return row;
  });
}

/** The groups with their versions (issue 38: an edit over a newer one is refused, 448). */
export async function listSimilarContracts(ctx: Ctx): Promise<SimilarContractListed[]> {
  const groups = await readGroups(ctx.db);
  const versions = await versionsOf(ctx.db, ENTITY, groups.map((g) => g.id));
  return groups.map((g) => ({ ...g, version: versions.get(String(g.id)) ?? 0 }));
}

/** The audit entity of a group's writes. */
const ENTITY = "similar_contracts";

/** The mall's contracts for the pickers, by code. */
export async function similarShops(ctx: Ctx, mallId: number): Promise<ShopOption[]> {
  const rows = await ctx.db.query<{ code: string; denominacion: string }>(
    "select code, denominacion from contracts where mall_id = $1 order by code",
    [mallId],
  );
  return rows.map((r) => ({ value: r.code, label: `${r.code} - ${r.denominacion}` }));
}

/**
 * The members a body names, checked: each code is a contract of its column's mall and in no other group.
 * Refusals are field messages (422) under the mall's key.
 */
async function membersOf(q: Queryable, body: SimilarAddBody, groupId: number | null) {
  const picked = SIMILAR_MALLS.filter((m) => body[m.key]).map((m) => ({ ...m, code: body[m.key]! }));
  const found = await q.query<{ id: number; code: string; mall_id: number; group_id: number | null }>(
    `select c.id, c.code, c.mall_id, m.group_id
       from contracts c left join similar_contract_members m on m.contract_id = c.id
      where c.code = any($1::text[])`,
    [picked.map((p) => p.code)],
  );
  const errors: Partial<Record<SimilarMallKey, string>> = {};
  const members: { mallId: number; contractId: number }[] = [];
  for (const p of picked) {
    const c = found.find((f) => f.code === p.code);
    if (!c || Number(c.mall_id) !== p.mallId) errors[p.key] = similarNotInMall(p.code, p.name);
    else if (c.group_id != null && Number(c.group_id) !== groupId) {
      errors[p.key] = similarInOtherGroup(p.code, Number(c.group_id));
    } else members.push({ mallId: p.mallId, contractId: Number(c.id) });
  }
  if (Object.keys(errors).length) throw new AppError(VALIDATION_ERROR, undefined, errors);
  return members;
}

async function writeMembers(
  q: Queryable,
  groupId: number,
  members: { mallId: number; contractId: number }[],
) {
  await q.query("delete from similar_contract_members where group_id = $1", [groupId]);
  await q.query(
    `insert into similar_contract_members (group_id, mall_id, contract_id)
     select $1, m, c from unnest($2::int[], $3::int[]) as x (m, c)`,
    [groupId, members.map((m) => m.mallId), members.map((m) => m.contractId)],
  );
}

const lock = (q: Queryable) => q.query("lock table similar_contracts in share row exclusive mode");

export async function addSimilarContracts(ctx: Ctx, actor: Actor, body: SimilarAddBody) {
  const now = ctx.clock();
  return await ctx.db.tx(async (q) => {
    await lock(q);
    const members = await membersOf(q, body, null);
    const [g] = await q.query<{ id: number }>(
      "insert into similar_contracts (updated_at) values ($1) returning id",
      [now],
    );
    const id = Number(g.id);
    await writeMembers(q, id, members);
    const [after] = await readGroups(q, id);
    await audit(q, {
      userId: actor.userId,
      action: "similar_contracts.create",
      entity: "similar_contracts",
      entityId: id,
      after,
      ip: actor.ip,
    }, now);
    return after;
  });
}

export async function editSimilarContracts(ctx: Ctx, actor: Actor, body: SimilarEditBody) {
  const now = ctx.clock();
  return await ctx.db.tx(async (q) => {
    await lock(q);
    const [before] = await readGroups(q, body.id);
    if (!before) throw new AppError(NOT_FOUND, SIMILAR_NOT_FOUND);
    await assertVersion(q, ENTITY, body.id, body.version);
    const members = await membersOf(q, body, body.id);
    await q.query("update similar_contracts set updated_at = $2 where id = $1", [body.id, now]);
    await writeMembers(q, body.id, members);
    const [after] = await readGroups(q, body.id);
    await audit(q, {
      userId: actor.userId,
      action: "similar_contracts.update",
      entity: "similar_contracts",
      entityId: body.id,
      before,
      after,
      ip: actor.ip,
    }, now);
    return after;
  });
}

export async function deleteSimilarContracts(ctx: Ctx, actor: Actor, id: number) {
  const now = ctx.clock();
  return await ctx.db.tx(async (q) => {
    await lock(q);
    const [before] = await readGroups(q, id);
    if (!before) throw new AppError(NOT_FOUND, SIMILAR_NOT_FOUND);
    await q.query("delete from similar_contracts where id = $1", [id]);
    await audit(q, {
      userId: actor.userId,
      action: "similar_contracts.delete",
      entity: "similar_contracts",
      entityId: id,
      before,
      ip: actor.ip,
    }, now);
    return { id };
  });
}
