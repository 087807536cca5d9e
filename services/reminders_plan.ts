// The decision core of the closing reminders, pure (tests/unit/reminders_test.ts): given the time, the
// contracts in operation and what the database says was done already, which contracts get a reminder now
// and whether the week's summary goes out. The job (services/closing_reminders.ts) reads the inputs, claims
// the runs and sends what this decides.

import { limaDate } from "./clock.ts";
import { addDays } from "./days.ts";

/** The daily run happens from this Lima hour on (tenants close their day the evening before). */
export const REMINDER_HOUR = 9;

/** The hour (0–23) in Lima (UTC−5, no daylight saving). */
export const limaHour = (d: Date) => new Date(d.getTime() - 5 * 3600_000).getUTCHours();

/** The Monday of a day's week ('yyyy-mm-dd'): the weekly summary's key. */
export function weekOf(day: string): string {
  const wd = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(day, -((wd + 6) % 7));
}

export interface Candidate {
  contractId: number;
  /** The first day of the open period without a closing, or null when none is missing. */
  missingFrom: string | null;
  /** Whether yesterday's closing is registered. */
  closedYesterday: boolean;
  /** Active tenant users to write to. */
  recipients: number;
}

export interface PlanInput {
  now: Date;
  candidates: readonly Candidate[];
  /** Contracts already reminded today (by the job or by staff): never twice a day. */
  remindedToday: ReadonlySet<number>;
  /** The daily run of today is already claimed (another process, an earlier start). */
  dailyDone: boolean;
  /** The summary of this week already went out. */
  weeklyDone: boolean;
}

export interface Plan {
  today: string;
  /** The closing the reminders are about: yesterday. */
  day: string;
  week: string;
  /** Time of day reached: the job may run. */
  due: boolean;
  runDaily: boolean;
  remind: { contractId: number; missingFrom: string }[];
  sendWeekly: boolean;
}

/** Who may be reminded now: missing a closing, with someone to write to, not reminded today. */
export function remindable(c: Candidate, reminded: ReadonlySet<number>): boolean {
  return c.missingFrom !== null && c.recipients > 0 && !reminded.has(c.contractId);
}

export function planReminders(i: PlanInput): Plan {
  const today = limaDate(i.now);
  const day = addDays(today, -1);
  const due = limaHour(i.now) >= REMINDER_HOUR;
  const runDaily = due && !i.dailyDone;
  const remind = runDaily
    ? i.candidates.filter((c) => !c.closedYesterday && remindable(c, i.remindedToday))
      .map((c) => ({ contractId: c.contractId, missingFrom: c.missingFrom! }))
      .sort((a, b) => a.contractId - b.contractId)
    : [];
  return { today, day, week: weekOf(today), due, runDaily, remind, sendWeekly: due && !i.weeklyDone };
}
