// Record versions for stale-edit refusals (contract/versions.ts). A version is the id of the record's latest
// audit row: every portal write is audited in its own transaction (services/audit.ts), so the id grows with
// every committed change and names who made it and when, with no version column on each table. A person's
// own sign-in business (auth.*: a password change, an activation) changes nothing an edit form shows, so it
// is not a version.

import { STALE_EDIT, type StaleEdit, staleMessage } from "#contract/versions.ts";
import type { Queryable } from "./db.ts";
import { AppError } from "./errors.ts";

/** The audit rows that are versions: every write but the account's own sign-in business. */
const OWN = "action not like 'auth.%'";

/** The current version of one record (entity and id as its writes audit them). */
export async function versionOf(q: Queryable, entity: string, entityId: string | number): Promise<number> {
  const [row] = await q.query<{ v: string | number | null }>(
    `select max(id) as v from audit_log where entity = $1 and entity_id = $2 and ${OWN}`,
    [entity, String(entityId)],
  );
  return Number(row?.v ?? 0);
}

/** The current versions of many records of one entity, by id (0 for a record never changed). */
export async function versionsOf(
  q: Queryable,
  entity: string,
  ids: (string | number)[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!ids.length) return out;
  const rows = await q.query<{ id: string; v: string | number }>(
    `select entity_id as id, max(id) as v from audit_log
      where entity = $1 and entity_id = any($2::text[]) and ${OWN} group by entity_id`,
    [entity, ids.map(String)],
  );
  for (const r of rows) out.set(r.id, Number(r.v));
  return out;
}

/** A record as its writes audit it: the entity and its id. */
export type Versioned = readonly [entity: string, entityId: string | number];

const anyOf = (records: readonly Versioned[]) => [records.map((r) => r[0]), records.map((r) => String(r[1]))];
const AMONG = "(a.entity, a.entity_id) in (select * from unnest($1::text[], $2::text[]))";

/** The version of a record made of several (a guarantee and its exception): the latest write of any. */
export async function versionOfAll(q: Queryable, records: readonly Versioned[]): Promise<number> {
  if (!records.length) return 0;
  const [row] = await q.query<{ v: string | number | null }>(
    `select max(a.id) as v from audit_log a where ${AMONG} and ${OWN.replaceAll("action", "a.action")}`,
    anyOf(records),
  );
  return Number(row?.v ?? 0);
}

/**
 * The versions of many records made of several (each guarantee with its exception), in one query: by key,
 * the latest write of any of the key's records (a key with none is absent: version 0).
 */
export async function versionsOfAll(
  q: Queryable,
  groups: ReadonlyMap<string | number, readonly Versioned[]>,
): Promise<Map<string, number>> {
  const keys: string[] = [], entities: string[] = [], ids: string[] = [];
  for (const [key, records] of groups) {
    for (const [entity, id] of records) {
      keys.push(String(key));
      entities.push(entity);
      ids.push(String(id));
    }
  }
  const out = new Map<string, number>();
  if (!keys.length) return out;
  const rows = await q.query<{ k: string; v: string | number }>(
    `select r.k, max(a.id) as v
       from unnest($1::text[], $2::text[], $3::text[]) as r(k, entity, entity_id)
       join audit_log a on a.entity = r.entity and a.entity_id = r.entity_id
      where ${OWN.replaceAll("action", "a.action")}
      group by r.k`,
    [keys, entities, ids],
  );
  for (const r of rows) out.set(r.k, Number(r.v));
  return out;
}

/**
 * Refuses (448) a save made over a version other than the current one. Call it in the write's transaction
 * after locking the record (select … for update), so a save racing another waits for it and then sees it.
 */
export async function assertVersion(
  q: Queryable,
  entity: string,
  entityId: string | number,
  sent: number,
): Promise<void> {
  await assertVersionOfAll(q, [[entity, entityId]], sent);
}

/** assertVersion for a record made of several: the latest write of any of them is its version. */
export async function assertVersionOfAll(q: Queryable, records: readonly Versioned[], sent: number) {
  const [row] = await q.query<{ id: string | number; at: Date; name: string | null }>(
    `select a.id, a.at, u.name from audit_log a left join users u on u.id = a.user_id
      where ${AMONG} and ${OWN.replaceAll("action", "a.action")}
      order by a.id desc limit 1`,
    anyOf(records),
  );
  const current = Number(row?.id ?? 0);
  if (current === sent) return;
  const stale: StaleEdit = {
    version: current,
    usuario: row?.name ?? null,
    fecha: new Date(row?.at ?? Date.now()).toISOString(),
  };
  throw new AppError(STALE_EDIT, staleMessage(stale), stale);
}
