// The reminders' decision core (services/reminders_plan.ts), table-driven with a fixed clock.
import assert from "node:assert/strict";
import { type Candidate, planReminders, weekOf } from "../../services/reminders_plan.ts";

const c = (
  contractId: number,
  missingFrom: string | null,
  closedYesterday: boolean,
  recipients = 1,
): Candidate => ({
  contractId,
  missingFrom,
  closedYesterday,
  recipients,
});
const CANDIDATES = [
  c(1, "2026-03-09", false), // missing yesterday
  c(2, null, true), // registered everything
  c(3, "2026-03-02", true), // an old gap, yesterday registered: the daily job leaves it to staff
  c(4, "2026-03-01", false, 0), // nobody to write to
  c(5, "2026-03-09", false),
];

const CASES: {
  name: string;
  now: string;
  reminded?: number[];
  dailyDone?: boolean;
  weeklyDone?: boolean;
  expect: { day: string; due: boolean; remind: number[]; weekly: boolean };
}[] = [
  {
    name: "before 09:00 in Lima nothing is due",
    now: "2026-03-10T13:59:00Z",
    expect: { day: "2026-03-09", due: false, remind: [], weekly: false },
  },
  {
    name: "from 09:00 every contract missing yesterday, with recipients",
    now: "2026-03-10T14:00:00Z",
    expect: { day: "2026-03-09", due: true, remind: [1, 5], weekly: true },
  },
  {
    name: "one reminded today already (staff) is skipped",
    now: "2026-03-10T20:00:00Z",
    reminded: [5],
    weeklyDone: true,
    expect: { day: "2026-03-09", due: true, remind: [1], weekly: false },
  },
  {
    name: "after a restart the day's run is claimed: nothing again",
    now: "2026-03-10T23:00:00Z",
    dailyDone: true,
    weeklyDone: true,
    expect: { day: "2026-03-09", due: true, remind: [], weekly: false },
  },
  {
    name: "Lima's day, not UTC's: 02:00 UTC of the 11th is still the 10th in Lima",
    now: "2026-03-11T02:00:00Z",
    dailyDone: true,
    expect: { day: "2026-03-09", due: true, remind: [], weekly: true },
  },
];

for (const k of CASES) {
  Deno.test(`reminders plan: ${k.name}`, () => {
    const p = planReminders({
      now: new Date(k.now),
      candidates: CANDIDATES,
      remindedToday: new Set(k.reminded ?? []),
      dailyDone: k.dailyDone ?? false,
      weeklyDone: k.weeklyDone ?? false,
    });
    assert.equal(p.day, k.expect.day);
    assert.equal(p.due, k.expect.due);
    assert.deepEqual(p.remind.map((r) => r.contractId), k.expect.remind);
    assert.equal(p.sendWeekly, k.expect.weekly);
    for (const r of p.remind) assert.equal(r.missingFrom, "2026-03-09");
  });
}

Deno.test("reminders plan: the week's key is its Monday", () => {
  assert.equal(weekOf("2026-03-09"), "2026-03-09"); // Monday
  assert.equal(weekOf("2026-03-15"), "2026-03-09"); // Sunday
  assert.equal(weekOf("2024-03-01"), "2024-02-26"); // across a leap February
});
