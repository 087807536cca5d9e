import assert from "node:assert/strict";
import { statement } from "../../web/src/analytics/connector.ts";
import { neighbours, NotLoaded } from "../../web/src/analytics/engine.ts";
import { monthSteps, rangeSteps, yearSteps } from "../../web/src/reports/shared/next.ts";
import { fixtureDb } from "./fixture.ts";

// The filters a person likely picks next (their reports computed ahead when the page is idle), and the
// engine's computing ahead: only from loaded partitions (it never downloads), measured apart.

Deno.test("next: the month after, then the month before; none past yesterday's month nor before 2017", () => {
  const cases: [string, { year: number; month: number }, string, [number, number][]][] = [
    ["mid-year", { year: 2025, month: 3 }, "2026-11-24", [[2025, 4], [2025, 2]]],
    ["December steps into January", { year: 2024, month: 12 }, "2026-11-24", [[2025, 1], [2024, 11]]],
    ["January steps back into December", { year: 2025, month: 1 }, "2026-11-24", [[2025, 2], [2024, 12]]],
    ["yesterday's month has no next", { year: 2026, month: 11 }, "2026-11-24", [[2026, 10]]],
    ["on the 1st, yesterday is last month's", { year: 2026, month: 10 }, "2026-11-01", [[2026, 9]]],
    ["January 2017 has no month before", { year: 2017, month: 1 }, "2026-11-24", [[2017, 2]]],
  ];
  for (const [what, at, today, want] of cases) {
    assert.deepEqual(monthSteps(at, today).map((x) => [x.year, x.month]), want, what);
  }
});

Deno.test("next: a range moved a month, whole months kept whole, within one year, not after yesterday", () => {
  const cases: [string, [string, string], string, [string, string][]][] = [
    ["days of a month", ["2025-03-01", "2025-03-28"], "2026-11-24", [
      ["2025-04-01", "2025-04-28"],
      ["2025-02-01", "2025-02-28"],
    ]],
    ["a whole month stays whole", ["2025-04-01", "2025-04-30"], "2026-11-24", [
      ["2025-05-01", "2025-05-31"],
      ["2025-03-01", "2025-03-31"],
    ]],
    [
      "day 30 cut to February's length; the month before would cross the year",
      ["2025-01-30", "2025-03-30"],
      "2026-11-24",
      [
        ["2025-02-28", "2025-04-30"],
      ],
    ],
    ["December steps into January", ["2025-12-01", "2025-12-31"], "2026-11-24", [
      ["2026-01-01", "2026-01-31"],
      ["2025-11-01", "2025-11-30"],
    ]],
    ["not after yesterday", ["2026-10-01", "2026-10-31"], "2026-11-24", [["2026-09-01", "2026-09-30"]]],
  ];
  for (const [what, [start, end], today, want] of cases) {
    assert.deepEqual(rangeSteps({ start, end }, today).map((x) => [x.start, x.end]), want, what);
  }
});

Deno.test("next: the year before, then the year after; only years offered, never the comparison's other", () => {
  const offered = [2026, 2025, 2024, 2023, 2022, 2021];
  const cases: [string, number, number | undefined, number[]][] = [
    ["mid-list", 2023, 2026, [2022, 2024]],
    ["the other year is no step", 2025, 2026, [2024]],
    ["the oldest offered has no year before", 2021, 2026, [2022]],
    ["the newest offered has no year after", 2026, 2020, [2025]],
    ["no other year", 2024, undefined, [2023, 2025]],
  ];
  for (const [what, year, other, want] of cases) {
    assert.deepEqual(yearSteps(year, offered, { other }), want, what);
  }
  // A report year steps forward first, as a month does.
  assert.deepEqual(yearSteps(2023, offered, { forward: true }), [2024, 2022]);
  assert.deepEqual(yearSteps(2026, offered, { forward: true }), [2025]);
});

Deno.test("engine: a report computed ahead reads loaded partitions only, is measured apart", async () => {
  const db = await fixtureDb("2024-03-01");
  const parts = ["sales_daily.3.2024", "contracts"];
  const count = statement<{ n: number }>(`select count(*)::int as n from sales_daily`);
  try {
    await assert.rejects(db.engine.ahead({ partitions: parts, statements: { count } }), NotLoaded);
    assert.deepEqual(await db.rows(parts, count), [{ n: 4 }]);
    const t0 = performance.now();
    const ahead = await db.engine.ahead({ partitions: parts, statements: { count } });
    assert.deepEqual(ahead.rows.count, [{ n: 4 }]);
    const names = performance.getEntriesByType("measure").filter((m) => m.startTime >= t0).map((m) => m.name);
    assert.deepEqual(names, ["ahead count"]);
  } finally {
    db.close();
  }
});

Deno.test("engine: figures found ahead load their neighbours when idle (around); stored rows do not", async () => {
  const loads: string[] = [];
  const db = await fixtureDb("2024-03-01", undefined, {
    whenIdle: (fn) => setTimeout(fn, 0),
    onLoad: (p) => loads.push(p),
  });
  const report = { partitions: ["sales_daily.3.2024", "contracts"], statements: {} };
  try {
    const cat = await db.engine.catalog();
    const next = neighbours(report.partitions, cat);
    assert.ok(next.length > 0, "the fixture has partitions next to mall 3's 2024");
    // Figures from rows an earlier visit stored: the report's partitions are not loaded, nothing loads.
    await db.engine.around(report);
    assert.equal(loads.length, 0);
    // Figures found ahead: the report's partitions are loaded; their neighbours load, and around resolves
    // once they are, running no statement.
    await db.engine.ensure(report.partitions);
    loads.length = 0;
    const t0 = performance.now();
    await db.engine.around(report);
    assert.ok(db.engine.allLoaded(next, cat));
    assert.deepEqual(loads.sort(), [...next].sort());
    const ran = performance.getEntriesByType("measure")
      .filter((m) => m.startTime >= t0 && /^(query|ahead) /.test(m.name));
    assert.deepEqual(ran, []);
  } finally {
    db.close();
  }
  // Without idle time (the report tests' engine), nothing loads.
  const quietLoads: string[] = [];
  const quiet = await fixtureDb("2024-03-01", undefined, { onLoad: (p) => quietLoads.push(p) });
  try {
    await quiet.engine.ensure(report.partitions);
    quietLoads.length = 0;
    await quiet.engine.around(report);
    assert.deepEqual(quietLoads, []);
  } finally {
    quiet.close();
  }
});
