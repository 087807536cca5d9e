// PrimeReact's Calendar moves its open panel back to the month of its value whenever the value is another
// object (a reference compare). A value built anew on every render (`new Date(...)` in the JSX) thus threw a
// person browsing to another month back to the value's month whenever the screen re-rendered: a report's
// progress line, a background refresh. A range half picked across months lost its second click that way
// (found by tests/browser/reports_sales_b_test.ts, failing under load).
import { useMemo } from "react";

type Dates = Date | null | (Date | null)[];

const keyOf = (value: Dates) =>
  Array.isArray(value) ? value.map((d) => d?.getTime() ?? "").join(",") : String(value?.getTime() ?? "");

/** The same object while it names the same dates, for a Calendar's value. */
export function useStableDates<T extends Dates>(value: T): T {
  const key = keyOf(value);
  // Only the dates count: the first object that named them is kept.
  return useMemo(() => value, [key]);
}
