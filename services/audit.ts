import type { Queryable } from "./db.ts";

export interface AuditEntry {
  userId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

/** Records a write; call it inside the write's transaction so both land or neither does. */
export async function audit(q: Queryable, e: AuditEntry, at: Date): Promise<void> {
  await q.query(
    `insert into audit_log (at, user_id, action, entity, entity_id, before, after, ip)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      at,
      e.userId,
      e.action,
      e.entity,
      e.entityId == null ? null : String(e.entityId),
      e.before === undefined ? null : JSON.stringify(e.before),
      e.after === undefined ? null : JSON.stringify(e.after),
      e.ip ?? null,
    ],
  );
}
