// Calendar days as 'YYYY-MM-DD' strings (the form dates have in the database and the API).

export { isIsoDay } from "#contract/fields.ts";

const DAY_MS = 86_400_000;

const ms = (day: string) => Date.parse(`${day}T00:00:00Z`);
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

export const addDays = (day: string, n: number): string => iso(ms(day) + n * DAY_MS);

/** Whole days from a to b (positive when b is later). */
export const daysBetween = (a: string, b: string): number => Math.round((ms(b) - ms(a)) / DAY_MS);

/** 'YYYY-MM-01' of the day's month. */
export const monthStart = (day: string): string => `${day.slice(0, 7)}-01`;

/** 'YYYY-MM-01' of the month after the day's month. */
export function nextMonthStart(day: string): string {
  const d = new Date(ms(monthStart(day)));
  d.setUTCMonth(d.getUTCMonth() + 1);
  return iso(d.getTime());
}

/** '2026-03-05' → '05/03/2026', the format the screens and messages use. */
export const dmy = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** '2026-03-05' → '03/2026'. */
export const monthYear = (day: string): string => `${day.slice(5, 7)}/${day.slice(0, 4)}`;

export const maxDay = (...days: string[]): string => days.reduce((a, b) => (a > b ? a : b));
