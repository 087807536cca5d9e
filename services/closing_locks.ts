import {
  type ClosingLockStatus,
  type MonthLockStatus,
  monthStartOf,
  NOT_TODAY,
} from "#contract/closing_locks.ts";
import { STATE_CONFLICT } from "#contract/errors.ts";
import { audit } from "./audit.ts";
import { limaDate } from "./clock.ts";
import type { Actor, Ctx } from "./context.ts";
import type { Queryable } from "./db.ts";
import { AppError, VALIDATION_ERROR } from "./errors.ts";

// Two locks keep closings from changing: a closed month (period_locks, 'Cierre de mes') and the
// 'Bloquear Cierres' lock of every day up to a date (closing_locks; the latest date holds). The rule is
// one SQL function, closing_lock_reason (sql/013_reprimands_locks.sql): these functions ask it, and a
// trigger on sales_closings enforces it for every write, whoever makes it (staff, imports, a race).

/** The SQLSTATE the closings' guard raises. */
const LOCK_SQLSTATE = "CL441";

/** Why the closings of a day cannot change (a closed month or the closing lock), or null when they can. */
export async function lockReason(q: Queryable, day: string): Promise<string | null> {
  const [row] = await q.query<{ why: string | null }>("select closing_lock_reason($1::date) as why", [day]);
  return row?.why ?? null;
}

/** Refuses (441) a change of the closings of a locked day, with the reason. */
export async function assertDayOpen(q: Queryable, day: string): Promise<void> {
  const why = await lockReason(q, day);
  if (why) throw new AppError(STATE_CONFLICT, why);
}

/** The first day from `from` on that no lock covers (tenants cannot register locked days; staff can). */
export async function firstOpenDay(q: Queryable, from: string): Promise<string> {
  const [row] = await q.query<{ d: string | null }>(
    // No ORDER BY: the series is scanned in order and LIMIT stops at the first open day, so the rule is
    // asked once per locked day instead of for the whole window.
    `select to_char($1::date + i, 'YYYY-MM-DD') as d from generate_series(0, 4000) as i
      where closing_lock_reason($1::date + i) is null
      limit 1`,
    [from],
  );
  return row?.d ?? from;
}

/** The guard's refusal as the catalogue's 441 with its reason, or null for any other error. */
export function lockRefusal(err: unknown): AppError | null {
  const e = err as { code?: unknown; message?: unknown } | null;
  return e && e.code === LOCK_SQLSTATE && typeof e.message === "string"
    ? new AppError(STATE_CONFLICT, e.message)
    : null;
}

// ---- 'Bloquear Cierres' ------------------------------------------------------------------------------

async function latestLock(q: Queryable): Promise<string | null> {
  const [row] = await q.query<{ d: string | null }>(
    "select to_char(max(locked_through), 'YYYY-MM-DD') as d from closing_locks",
  );
  return row?.d ?? null;
}

export async function closingLockStatus(ctx: Ctx): Promise<ClosingLockStatus> {
  const hoy = limaDate(ctx.clock());
  const [last] = await ctx.db.query<{ d: string; at: Date; name: string | null }>(
    `select to_char(l.locked_through, 'YYYY-MM-DD') as d, l.locked_at as at, u.name
       from closing_locks l left join users u on u.id = l.locked_by
      order by l.locked_through desc limit 1`,
  );
  // The other lock where it covers days this one does not: closed months ending after the latest date.
  const months = await ctx.db.query<{ m: string }>(
    `select to_char(month, 'MM/YYYY') as m from period_locks
      where locked and ($1::date is null or (month + interval '1 month' - interval '1 day')::date > $1::date)
      order by month`,
    [last?.d ?? null],
  );
  return {
    ultimaFechaCierre: last?.d ?? null,
    cierreBloqueado: last != null && last.d >= hoy,
    hoy,
    bloqueadoPor: last?.name ?? null,
    bloqueadoEl: last ? new Date(last.at).toISOString() : null,
    mesesCerrados: months.map((r) => r.m),
  };
}

/**
 * Locks every day through today. Idempotent: a second request (a double click, two people at once) finds
 * the lock there and changes nothing; the unique day keeps two simultaneous ones to one row.
 */
export async function lockClosings(ctx: Ctx, actor: Actor, fecha: string): Promise<ClosingLockStatus> {
  const now = ctx.clock();
  const hoy = limaDate(now);
  if (fecha !== hoy) throw new AppError(VALIDATION_ERROR, undefined, { fecha: NOT_TODAY });
  await ctx.db.tx(async (q) => {
    const inserted = await q.query<{ id: number }>(
      `insert into closing_locks (locked_through, locked_at, locked_by)
       select $1::date, $2, $3 where not exists (select 1 from closing_locks where locked_through >= $1::date)
       on conflict (locked_through) do nothing returning id`,
      [hoy, now, actor.userId],
    );
    if (inserted.length) {
      await audit(q, {
        userId: actor.userId,
        action: "closing.lock",
        entity: "closing_lock",
        entityId: hoy,
        after: { locked_through: hoy },
        ip: actor.ip,
      }, now);
    }
  });
  return await closingLockStatus(ctx);
}

// ---- Month close -------------------------------------------------------------------------------------

export async function monthLockStatus(ctx: Ctx, cierreMes: string): Promise<MonthLockStatus> {
  const month = monthStartOf(cierreMes);
  const [row] = await ctx.db.query<{ locked: boolean; updated_at: Date; name: string | null }>(
    `select p.locked, p.updated_at, u.name from period_locks p left join users u on u.id = p.updated_by
      where p.month = $1::date`,
    [month],
  );
  const last = await latestLock(ctx.db);
  const [{ end }] = await ctx.db.query<{ end: string }>(
    "select to_char(($1::date + interval '1 month' - interval '1 day')::date, 'YYYY-MM-DD') as end",
    [month],
  );
  return {
    cierreMes,
    bloqueado: row?.locked ?? false,
    actualizado: row ? new Date(row.updated_at).toISOString() : null,
    usuario: row?.name ?? null,
    bloqueoCierres: last != null && last >= month
      ? { hasta: last < end ? last : end, mesCompleto: last >= end }
      : null,
  };
}

/** Sets a month locked or unlocked (a state, not a flip: a repeated request changes nothing); audited. */
export async function setMonthLock(
  ctx: Ctx,
  actor: Actor,
  cierreMes: string,
  bloquear: boolean,
): Promise<MonthLockStatus> {
  const now = ctx.clock();
  const month = monthStartOf(cierreMes);
  await ctx.db.tx(async (q) => {
    // A month never locked has no row to lock: two first requests at once queue on the month's key.
    await q.query("select pg_advisory_xact_lock(hashtext('period_locks:' || $1::text))", [month]);
    const [before] = await q.query<{ locked: boolean }>(
      "select locked from period_locks where month = $1::date for update",
      [month],
    );
    if ((before?.locked ?? false) === bloquear) return;
    await q.query(
      `insert into period_locks (month, locked, updated_at, updated_by) values ($1::date, $2, $3, $4)
       on conflict (month) do update set locked = excluded.locked, updated_at = excluded.updated_at,
                                         updated_by = excluded.updated_by`,
      [month, bloquear, now, actor.userId],
    );
    await audit(q, {
      userId: actor.userId,
      action: bloquear ? "closing.month_lock" : "closing.month_unlock",
      entity: "period_lock",
      entityId: month,
      before: { locked: before?.locked ?? false },
      after: { locked: bloquear },
      ip: actor.ip,
    }, now);
  });
  return await monthLockStatus(ctx, cierreMes);
}
