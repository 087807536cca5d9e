// The frame every guarantee write runs in: one transaction, the detail locked, the actor resolved, the
// state machine consulted; a refusal throws and rolls everything back. recordWrite is every write's tail.
// A write a person makes from a form carries the version the form read (issue 38): the guarantee's latest
// audited write, of the detail or of its exception, so a save over a newer one is refused (448).

import type { StateCode } from "#contract/guarantees/guarantees.ts";
import { audit } from "../audit.ts";
import { limaDate } from "../clock.ts";
import type { Ctx } from "../context.ts";
import type { Queryable } from "../db.ts";
import { AppError } from "../errors.ts";
import { assertVersionOfAll, type Versioned, versionOfAll, versionsOfAll } from "../versions.ts";
import { actorFor, type GuaranteeActor } from "./access.ts";
import { loadDetail, type Loaded } from "./load.ts";
import type { Decision, Effect, MachineActor } from "./state_machine.ts";

export interface TransitionContext {
  q: Queryable;
  actor: GuaranteeActor;
  g: Loaded;
  m: MachineActor;
  now: Date;
  today: string;
}

/** The effect of an allowed decision; a refusal becomes the AppError the route answers (409/441 or 403/600). */
export function must(d: Decision): Effect {
  if (!d.ok) throw new AppError(d.errorId, d.message);
  return d.effect;
}

/** The records whose audited writes make a guarantee's version: the detail and its exception. */
const recordsOf = (detailId: number, exceptionId: string | number | null): Versioned[] => [
  ["guarantee_detail", detailId],
  ...(exceptionId == null ? [] : [["guarantee_exception", exceptionId] as const]),
];
const versioned = (g: Loaded) => recordsOf(g.detail.id, g.exception?.id ?? null);

/** A guarantee's version as a screen reads it (contract/versions.ts). */
export const guaranteeVersion = (q: Queryable, g: Loaded) => versionOfAll(q, versioned(g));

/** A list's guarantees, by detail id with their exception's id (null when none). */
export interface ListedGuarantee {
  detailId: number;
  exceptionId: string | number | null;
}

/** The versions of a list's guarantees in one query, by detail id (guaranteeVersion of each). */
export async function guaranteeVersions(q: Queryable, rows: readonly ListedGuarantee[]) {
  const groups = new Map(rows.map((r) => [r.detailId, recordsOf(r.detailId, r.exceptionId)]));
  const versions = await versionsOfAll(q, groups);
  return (detailId: number) => versions.get(String(detailId)) ?? 0;
}

/** `version`: the one the form read, for a write a person edits; omitted for a button's action. */
export async function transition<T>(
  ctx: Ctx,
  actor: GuaranteeActor,
  detailId: number,
  fn: (t: TransitionContext) => Promise<T>,
  version?: number,
): Promise<T> {
  const now = ctx.clock();
  const today = limaDate(now);
  return await ctx.db.tx(async (q) => {
    const g = await loadDetail(q, detailId, today, true);
    const m = await actorFor(q, actor, g.detail.contract_id);
    if (version !== undefined) await assertVersionOfAll(q, versioned(g), version);
    return await fn({ q, actor, g, m, now, today });
  });
}

/** The detail's columns a write sets, besides who and when. */
export interface DetailChange {
  state_code?: StateCode;
  review_round?: number;
  is_renovada?: boolean;
  is_excepcion?: boolean;
  is_recepcionada?: boolean;
  is_requerida?: boolean;
  is_desistida?: boolean;
  is_ejecutada?: boolean;
}

export interface AuditOf {
  /** `guarantee.<verb>` */
  action: string;
  /** The detail by default; an exception's writes name the exception. */
  entity?: "guarantee_detail" | "guarantee_exception";
  entityId?: number;
  before?: unknown;
  after?: unknown;
}

/**
 * The tail of every guarantee write, in its transaction: the detail's new state and flags stamped with who
 * and when (none for a write that leaves the detail as it is), then the audit row.
 */
export async function recordWrite(t: TransitionContext, change: DetailChange | null, entry: AuditOf) {
  const id = t.g.detail.id;
  if (change) {
    const cols = Object.entries(change).filter(([, v]) => v !== undefined);
    const set = [...cols.map(([k]) => k), "updated_at", "updated_by"].map((k, i) => `${k} = $${i + 2}`);
    await t.q.query(`update guarantee_details set ${set.join(", ")} where id = $1`, [
      id,
      ...cols.map(([, v]) => v),
      t.now,
      t.actor.userId,
    ]);
  }
  await audit(t.q, {
    userId: t.actor.userId,
    action: entry.action,
    entity: entry.entity ?? "guarantee_detail",
    entityId: entry.entityId ?? id,
    before: entry.before,
    after: entry.after,
    ip: t.actor.ip,
  }, t.now);
}

/** Reads a detail for a screen (no lock) with the actor's view of it; 404 when the actor may not see it. */
export async function readable(ctx: Ctx, actor: GuaranteeActor, detailId: number) {
  const today = limaDate(ctx.clock());
  const g = await loadDetail(ctx.db, detailId, today);
  const m = await actorFor(ctx.db, actor, g.detail.contract_id);
  return { g, m, today };
}

/** File names of the referenced attachments. */
export async function fileNames(q: Queryable, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = ids.filter((x): x is string => !!x);
  if (wanted.length === 0) return new Map();
  const rows = await q.query<{ id: string; file_name: string }>(
    "select id, file_name from guarantee_files where id = any($1::text[])",
    [wanted],
  );
  return new Map(rows.map((r) => [r.id, r.file_name]));
}

export const filesOf = (g: Loaded) => [
  g.detail.letter_file_id,
  g.detail.operation_file_id,
  g.exception?.support_file_id ?? null,
  g.exception?.cash_file_id ?? null,
  g.exception?.letter_file_id ?? null,
];
