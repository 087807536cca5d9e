// Calendar arithmetic on 'YYYY-MM-DD' strings (no time zones involved) for the report periods
// (docs/metrics.md): month-to-date to yesterday, the closed month, and the same calendar days of another year.

export interface Span {
  /** First and last day, inclusive; start > end means an empty span. */
  start: string;
  end: string;
}

const pad = (n: number) => String(n).padStart(2, "0");
export const iso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
export const parts = (s: string) => s.split("-").map(Number) as [number, number, number];
export const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

export function addDays(s: string, n: number): string {
  const [y, m, d] = parts(s);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The whole month. */
export const monthSpan = (y: number, m: number): Span => ({
  start: iso(y, m, 1),
  end: iso(y, m, daysInMonth(y, m)),
});

/** The month cut at `last` (inclusive) when it ends later; empty when the month starts after it. */
export function monthTo(y: number, m: number, last: string): Span {
  const full = monthSpan(y, m);
  return { start: full.start, end: full.end < last ? full.end : last };
}

/**
 * The same calendar days in another year: a day that does not exist there (29 Feb) is left out, so the
 * start moves to the next existing day and the end to the previous one. A span that ends on its month's
 * last day ends on that month's last day there too: a whole February is compared with the whole February
 * (29 February included) (docs/metrics.md, Periods).
 */
export function sameDaysIn(span: Span, year: number): Span {
  const [, ms, ds] = parts(span.start);
  const [ye, me, de] = parts(span.end);
  const start = ds > daysInMonth(year, ms) ? iso(year, ms + 1, 1) : iso(year, ms, ds);
  const end = iso(
    year,
    me,
    de === daysInMonth(ye, me) ? daysInMonth(year, me) : Math.min(de, daysInMonth(year, me)),
  );
  return { start, end };
}

export const isEmpty = (s: Span) => s.start > s.end;

/** Overlapping or touching spans merged (empty ones dropped): a scan of each reads every day once. */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const out: Span[] = [];
  for (
    const s of [...spans].filter((x) => !isEmpty(x)).sort((
      a,
      b,
    ) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))
  ) {
    const last = out.at(-1);
    if (last && s.start <= addDays(last.end, 1)) {
      if (s.end > last.end) last.end = s.end;
    } else out.push({ ...s });
  }
  return out;
}

/** Month-to-date: the month of yesterday, from its first day to yesterday. */
export function monthToDate(today: string): { year: number; month: number; span: Span } {
  const y = addDays(today, -1);
  const [yy, mm] = parts(y);
  return { year: yy, month: mm, span: { start: iso(yy, mm, 1), end: y } };
}

/** 'Mes cerrado': the last complete month, the one before the month of today. */
export function closedMonth(today: string): { year: number; month: number; span: Span } {
  const [y, m] = parts(today);
  const year = m === 1 ? y - 1 : y, month = m === 1 ? 12 : m - 1;
  return { year, month, span: monthSpan(year, month) };
}

/**
 * The report month of a search: its `anio` and `mes` when both are asked and not after the month of
 * yesterday, else `fallback` (the month of yesterday unless given).
 */
export function askedMonth(
  today: string,
  anio?: number,
  mes?: number,
  fallback?: { year: number; month: number },
): { year: number; month: number } {
  const [y, m] = parts(addDays(today, -1));
  if (anio && mes && anio * 12 + mes <= y * 12 + m) return { year: anio, month: mes };
  return fallback ? { year: fallback.year, month: fallback.month } : { year: y, month: m };
}

/**
 * The month of a report year: `mes` when not after the month of yesterday, else the month of yesterday in
 * its year and December in a past year.
 */
export function monthOfYear(today: string, year: number, mes?: number): number {
  const [y, m] = parts(addDays(today, -1));
  return mes && year * 12 + mes <= y * 12 + m ? mes : year === y ? m : 12;
}

export { MONTHS, MONTHS_SHORT } from "../../lib/dates.ts";
