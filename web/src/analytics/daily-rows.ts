// A daily sales partition's rows as LocalData reads them (local.ts): its columns, the month of each day and
// the runs of ascending days in which a span's rows are found by a binary search rather than a full read.

/** Milliseconds in a day: day numbers are days since 1970-01-01. */
export const DAY = 86_400_000;

/** Daily sales rows (a mall's year or a month of every mall): contract, day, cents, the day's month. */
export interface DailyRows {
  contract: Float64Array;
  day: Float64Array;
  cents: Float64Array;
  tx: Float64Array;
  month: Uint8Array;
  /** runsOf(day). */
  runs: Int32Array;
  /** The partition's year (a mall's year, or the year of a month of every mall). */
  year: number;
}

/**
 * The month (1 to 12) of each day number, for the inflation factor of a day's month: looked up per distinct
 * day (a partition spans a year or a month), not a `Date` per row.
 */
export function monthsOf(days: Float64Array): Uint8Array {
  const out = new Uint8Array(days.length);
  if (!days.length) return out;
  let min = Infinity, max = -Infinity;
  for (let i = 0; i < days.length; i++) {
    if (days[i] < min) min = days[i];
    if (days[i] > max) max = days[i];
  }
  const month = new Uint8Array(max - min + 1);
  for (let d = min; d <= max; d++) month[d - min] = new Date(d * DAY).getUTCMonth() + 1;
  for (let i = 0; i < days.length; i++) out[i] = month[days[i] - min];
  return out;
}

/**
 * Where the rows start runs of ascending days, then their end. The server orders daily rows by contract and
 * day, so a run is about a contract's year: a span's rows are found by a binary search in each run instead of
 * reading every row (a day of every mall read the 700,000 rows of two years, twice). Any order stays right: a
 * row whose day is not after the one before starts a run.
 */
export function runsOf(day: Float64Array): Int32Array {
  const starts = [0];
  for (let i = 1; i < day.length; i++) if (day[i] <= day[i - 1]) starts.push(i);
  starts.push(day.length);
  return Int32Array.from(starts);
}

/** Calls visit with each row whose day is from `from` to `to`, in the rows' order (as a scan of all would). */
export function eachInSpan(rows: DailyRows, from: number, to: number, visit: (i: number) => void): void {
  const { day, runs } = rows;
  for (let r = 0; r + 1 < runs.length; r++) {
    let lo = runs[r], hi = runs[r + 1];
    const end = hi;
    if (day[lo] > to || day[end - 1] < from) continue;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (day[mid] < from) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < end && day[i] <= to; i++) visit(i);
  }
}
