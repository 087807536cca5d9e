// The date range of a report's URL ('desde', 'hasta', days 'YYYY-MM-DD'): kept when whole, within one
// calendar year, from 1 Jan 2017 and not after the last day allowed; otherwise the screen's default.

import { z } from "zod";
import { addDays, type Span } from "./dates.ts";

/** The reports' minimum date (the value of filters.tsx MIN_DATE; this file stays free of the screens' CSS). */
const MIN_DATE = "2017-01-01";

export const rangeDayParam = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined);

export function sameYearRange(
  desde: string | undefined,
  hasta: string | undefined,
  last: string,
  fallback: Span,
) {
  const ok = !!desde && !!hasta && desde <= hasta && desde.slice(0, 4) === hasta.slice(0, 4) &&
    desde >= MIN_DATE && hasta <= last;
  return ok ? { start: desde!, end: hasta! } : fallback;
}

/** The first of the month of yesterday to yesterday. */
export const monthOfYesterday = (today: string): Span => {
  const y = addDays(today, -1);
  return { start: `${y.slice(0, 8)}01`, end: y };
};

/**
 * The range of the URL when valid (one year, from 1 Jan 2017, not after `last`: yesterday unless said), else
 * the month to yesterday.
 */
export const rangeOf = (today: string, start?: string, end?: string, last = addDays(today, -1)): Span =>
  sameYearRange(start, end, last, monthOfYesterday(today));
