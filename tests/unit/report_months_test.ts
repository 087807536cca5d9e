import assert from "node:assert/strict";
import { askedMonth, closedMonth, monthOfYear } from "../../web/src/reports/shared/dates.ts";

// Today 2026-03-01: yesterday is 28 Feb 2026, so February 2026 is the last month a report may ask.
const TODAY = "2026-03-01";

Deno.test("report months: the month asked unless after the month of yesterday, else the default", () => {
  assert.deepEqual(askedMonth(TODAY, 2026, 2), { year: 2026, month: 2 });
  assert.deepEqual(askedMonth(TODAY, 2025, 12), { year: 2025, month: 12 });
  assert.deepEqual(askedMonth(TODAY, 2026, 3), { year: 2026, month: 2 });
  // A year without its month is not a month asked.
  assert.deepEqual(askedMonth(TODAY, 2025), { year: 2026, month: 2 });
  assert.deepEqual(askedMonth(TODAY, 2026, 3, closedMonth(TODAY)), { year: 2026, month: 2 });
  assert.deepEqual(askedMonth("2026-03-15", undefined, undefined, closedMonth("2026-03-15")), {
    year: 2026,
    month: 2,
  });
  assert.deepEqual(askedMonth("2026-03-15", 2026, 3, closedMonth("2026-03-15")), { year: 2026, month: 3 });
});

Deno.test("report months: a report year's month, yesterday's in its year and December in a past one", () => {
  assert.equal(monthOfYear(TODAY, 2026, 1), 1);
  assert.equal(monthOfYear(TODAY, 2026, 5), 2);
  assert.equal(monthOfYear(TODAY, 2026), 2);
  assert.equal(monthOfYear(TODAY, 2024), 12);
  assert.equal(monthOfYear(TODAY, 2024, 7), 7);
});
