// The daily traffic reports' fortnight (the legacy call's 'quincena'): the whole month, days 1 to 15, or the
// 16th to the month's end. It narrows the days the report computes (its rows, total and chart), in the URL.
import { z } from "zod";

export type Fortnight = 0 | 1 | 2;

export const FORTNIGHTS: readonly { value: Fortnight; label: string }[] = [
  { value: 0, label: "Mes completo" },
  { value: 1, label: "Del 1 al 15" },
  { value: 2, label: "Del 16 a fin de mes" },
];

export const fortnightLabel = (q: Fortnight) => FORTNIGHTS[q].label;

/** ?quincena=0|1|2 (anything else: the whole month). */
export const fortnightParam = z.coerce.number().pipe(z.union([z.literal(0), z.literal(1), z.literal(2)]))
  .optional().catch(undefined);

/** The days of a month's plan in the fortnight. */
export function inFortnight<T extends { dia: number }>(days: T[], q: Fortnight | undefined): T[] {
  if (!q) return days;
  return days.filter((d) => (q === 1 ? d.dia <= 15 : d.dia >= 16));
}

/** The part of a month's span in the fortnight (the chart's event marks). */
export function fortnightSpan(s: { start: string; end: string }, q: Fortnight | undefined) {
  if (!q) return s;
  const month = s.start.slice(0, 8);
  return q === 1 ? { start: s.start, end: `${month}15` } : { start: `${month}16`, end: s.end };
}
