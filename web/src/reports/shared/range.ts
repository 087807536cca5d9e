// A date range kept in a report's URL ('desde', 'hasta'): used when it is whole, in one calendar year, from
// 1 Jan 2017 and not after the last day allowed; otherwise the screen's default range.

import type { Span } from "./dates.ts";
import { MIN_DATE } from "./filters.tsx";

export function rangeOrDefault(
  desde: string | undefined,
  hasta: string | undefined,
  last: string,
  fallback: Span,
) {
  const ok = !!desde && !!hasta && desde <= hasta && desde.slice(0, 4) === hasta.slice(0, 4) &&
    desde >= MIN_DATE && hasta <= last;
  return ok ? { start: desde!, end: hasta! } : fallback;
}
