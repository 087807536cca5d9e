import type { Queryable } from "./db.ts";
import { addDays, dmy, monthStart, monthYear, nextMonthStart } from "./days.ts";
import { AppError } from "./errors.ts";

// Two locks keep closings from changing: a closed month (period_locks, 'Cierre de mes') and the
// 'Bloquear Cierres' lock of every day up to a date (closing_locks; the latest date holds).

interface Locks {
  lockedThrough: string | null;
  /** 'YYYY-MM-01' of the closed months. */
  closedMonths: Set<string>;
}

async function loadLocks(q: Queryable, from: string): Promise<Locks> {
  const [through] = await q.query<{ d: string | null }>(
    "select max(locked_through) as d from closing_locks",
  );
  const months = await q.query<{ month: string }>(
    "select month from period_locks where locked and month >= $1::date order by month",
    [monthStart(from)],
  );
  return {
    lockedThrough: through?.d == null ? null : String(through.d),
    closedMonths: new Set(months.map((m) => String(m.month))),
  };
}

function reason(locks: Locks, day: string): string | null {
  if (locks.lockedThrough && day <= locks.lockedThrough) {
    return `Los cierres de ventas están bloqueados hasta el ${
      dmy(locks.lockedThrough)
    }: no se pueden registrar ni modificar ventas de esas fechas.`;
  }
  if (locks.closedMonths.has(monthStart(day))) {
    return `El periodo ${
      monthYear(day)
    } está cerrado: no se pueden registrar ni modificar ventas de ese mes.`;
  }
  return null;
}

/** Why the closings of a day cannot change (a closed month or the closing lock), or null when they can. */
export async function lockReason(q: Queryable, day: string): Promise<string | null> {
  return reason(await loadLocks(q, day), day);
}

/** Refuses (441) a change of the closings of a locked day, with the reason. */
export async function assertDayOpen(q: Queryable, day: string): Promise<void> {
  const why = await lockReason(q, day);
  if (why) throw new AppError(441, why);
}

/** The first day from `from` on that no lock covers (tenants cannot register locked days; staff can). */
export async function firstOpenDay(q: Queryable, from: string): Promise<string> {
  const locks = await loadLocks(q, from);
  let day = from;
  for (let i = 0; i < 2000; i++) {
    if (locks.lockedThrough && day <= locks.lockedThrough) day = addDays(locks.lockedThrough, 1);
    else if (locks.closedMonths.has(monthStart(day))) day = nextMonthStart(day);
    else return day;
  }
  return day;
}
