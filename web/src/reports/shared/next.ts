// The filters a person most likely picks next on a report screen, most likely first: their reports are
// computed ahead when the page is idle (use-report.ts `next`), so a step to one of them shows at once.
// Only steps a month picker, a range's arrows or a switch make in one click; never a download.

import { addDays, daysInMonth, iso, parts, type Span } from "./dates.ts";

export interface YearMonth {
  year: number;
  month: number;
}

/**
 * The month after and the month before, in that order (people step forward through a year more than back);
 * none after the month of yesterday (no figures yet) nor before `first`.
 */
export function monthSteps(at: YearMonth, today: string, first = { year: 2017, month: 1 }): YearMonth[] {
  const [ly, lm] = parts(addDays(today, -1));
  const n = at.year * 12 + at.month - 1;
  return [n + 1, n - 1]
    .filter((k) => k <= ly * 12 + lm - 1 && k >= first.year * 12 + first.month - 1)
    .map((k) => ({ year: Math.floor(k / 12), month: (k % 12) + 1 }));
}

/**
 * A range moved by one month, the later one first: a range of whole months stays whole (its last day the
 * month's last), one of days keeps its day numbers (cut to the month's length). Only ranges the screens
 * accept: in one calendar year, from 2017, not after yesterday.
 */
export function rangeSteps(r: Span, today: string): Span[] {
  const [fy, fm, fd] = parts(r.start);
  const [ty, tm, td] = parts(r.end);
  const wholeEnd = td === daysInMonth(ty, tm);
  const shift = (y: number, m: number, d: number, by: number, whole: boolean) => {
    const k = y * 12 + m - 1 + by;
    const yy = Math.floor(k / 12), mm = (k % 12) + 1;
    return iso(yy, mm, whole ? daysInMonth(yy, mm) : Math.min(d, daysInMonth(yy, mm)));
  };
  const last = addDays(today, -1);
  return [1, -1]
    .map((by) => ({ start: shift(fy, fm, fd, by, false), end: shift(ty, tm, td, by, wholeEnd) }))
    .filter((x) => x.start.slice(0, 4) === x.end.slice(0, 4) && x.start >= "2017-01-01" && x.end <= last);
}

/**
 * The adjacent years among those the picker offers, never `other` (the comparison's other year: a year against
 * itself compares nothing). The year before first, as a comparison reaches back more than forward; with
 * `forward`, the year after first, as a report year is stepped like a month.
 */
export function yearSteps(
  year: number,
  years: readonly number[],
  o: { other?: number; forward?: boolean } = {},
): number[] {
  const steps = o.forward ? [year + 1, year - 1] : [year - 1, year + 1];
  return steps.filter((y) => years.includes(y) && y !== o.other);
}
