import assert from "node:assert/strict";
import { backtestSql } from "../../web/src/reports/provision-ventas/backtest.ts";
import {
  missingDaysSql,
  type ProvisionFilters,
  provisionPartitions,
} from "../../web/src/reports/provision-ventas/report.ts";
import { day, fixtureDb, near } from "./fixture.ts";
import { contractRow, sales } from "./rankings_fixture.ts";

// The season of a day no tenant registered (issue 41): read on its counterpart a year before, the same day of
// a moving campaign (Black Friday, the fourth Friday of November, and its weekend) or else the same date
// (24 December on the 24th). Each mall has one contract, so no one registered its missing days and no mall's
// trend exists: the estimate is the same-weekday mean × the season. Every day sells 100.00 unless listed.
const TODAY = "2026-01-05";
const everyDay = (code: number, from: string, to: string, except: Record<string, number>) => {
  const out: [number, string, number, number][] = [];
  for (let d = day(from); d <= day(to); d++) {
    const iso = new Date(d * 86_400_000).toISOString().slice(0, 10);
    out.push([code, iso, (except[iso] ?? 100) * 100, 1]);
  }
  return out;
};
// Black Friday 2024 is Friday 22 November (160.00) and its weekend 120.00; in 2025 Friday 28 November.
const BLACK_FRIDAY_2024 = { "2024-11-22": 160, "2024-11-23": 120, "2024-11-24": 120 };
const db = await fixtureDb(TODAY, {
  malls: [7, 8, 9].map((id) => ({ id, code: `M${id}`, name: `Mall ${id}`, sort: id })),
  contracts: [
    contractRow(70, "A", 7, "Tienda A", 1, "M1", "Moda", 10),
    contractRow(80, "C", 8, "Tienda C", 1, "M1", "Moda", 10),
    contractRow(90, "B", 9, "Tienda B", 1, "M1", "Moda", 10),
  ],
  sales_daily: sales([
    // A: registered up to 23 November 2025; 24 to 30 November missing.
    ...everyDay(70, "2024-09-01", "2025-11-23", BLACK_FRIDAY_2024),
    // C: 24 December 2024 190.00, the 25th 60.00; registered up to 23 December 2025.
    ...everyDay(80, "2024-09-01", "2025-12-23", { "2024-12-24": 190, "2024-12-25": 60 }),
    // B: both Black Fridays sold, every day of November 2025 registered (the backtest's month).
    ...everyDay(90, "2024-09-01", "2025-11-30", {
      ...BLACK_FRIDAY_2024,
      "2025-11-28": 160,
      "2025-11-29": 120,
      "2025-11-30": 120,
    }),
  ]),
});
/** Each missing day's (season, estimate) by 'MM-DD'; every base is its same-weekday mean of 100.00. */
async function seasons(f: ProvisionFilters) {
  const rows = await db.rows(provisionPartitions(f), missingDaysSql(f, TODAY));
  assert.deepEqual([...new Set(rows.map((r) => `${r.basis} ${r.base}`))], ["mismo día 100"]);
  const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
  return Object.fromEntries(rows.map((r) => [r.day.slice(5), [round(r.trend, 6), round(r.estimate, 4)]]));
}

Deno.test("Provisión: Black Friday's week takes the season of last year's Black Friday, not of its date", async () => {
  // Each day's base: the same weekday's 8 weeks before, all 100.00. Its season = its counterpart's sales / that
  // counterpart's own same-weekday mean (8 weeks of 100.00 in the autumn of 2024):
  // - Monday 24: 24 November 2024 was Black Friday's Sunday and the 24th of 2025 is not: a week before it,
  //   Sunday 17 November 2024, 100 / 100 = 1 (the same date would have given 120 / 100);
  // - 25 to 27: the same dates of 2024 (Monday to Wednesday), 100 / 100 = 1;
  // - Friday 28, Black Friday: Black Friday 2024 (22 November), 160 / 100 = 1.6; Saturday 29 and Sunday 30:
  //   Saturday 23 and Sunday 24 November 2024, 120 / 100 = 1.2. (52 weeks back, the old rule, read 29 and 30
  //   November and 1 December 2024: 1.)
  assert.deepEqual(await seasons({ mall: 7, year: 2025, month: 11, contract: "" }), {
    "11-24": [1, 100],
    "11-25": [1, 100],
    "11-26": [1, 100],
    "11-27": [1, 100],
    "11-28": [1.6, 160],
    "11-29": [1.2, 120],
    "11-30": [1.2, 120],
  });
});

Deno.test("Provisión: 24 and 25 December take the season of the same dates a year before", async () => {
  // Bases: the same weekday's 8 weeks before in 2025, all 100.00 (Wednesday 31's weeks skip the missing 24th:
  // 7 days of 100.00). Seasons, the same dates of 2024:
  // - Tuesday 24 December 2024: 190 / its Tuesdays (29 October to 17 December, 100) = 1.9 (52 weeks back, the
  //   old rule, read the 25th: 0.6);
  // - Wednesday 25: 60 / 100 = 0.6; 26 to 30 (Thursday to Monday): 1;
  // - Tuesday 31 December 2024: 100 / its Tuesdays (5 November to 24 December: 7 × 100 + 190 = 890, / 8 =
  //   111.25) = 0.898876 (to the millionth), × 100 = 89.8876.
  const dec = await seasons({ mall: 8, year: 2025, month: 12, contract: "" });
  assert.deepEqual([dec["12-24"], dec["12-25"], dec["12-31"]], [[1.9, 190], [0.6, 60], [0.898876, 89.8876]]);
  assert.deepEqual(Object.keys(dec), ["24", "25", "26", "27", "28", "29", "30", "31"].map((d) => `12-${d}`));
  for (const d of ["26", "27", "28", "29", "30"]) assert.deepEqual(dec[`12-${d}`], [1, 100], d);
});

Deno.test("Provisión's backtest: the week of Black Friday hidden is estimated from last year's Black Friday", async () => {
  const [pen] = await db.rows(
    provisionPartitions({ mall: 9, year: 2025, month: 11, contract: "" }),
    backtestSql(9, 2025, 11, 7),
  );
  // 24 to 30 November 2025 hidden: estimated 4 × 100 + 160 + 2 × 120 = 800 (the seasons of the first test),
  // registered the same 800; the month 23 × 100 + 800 = 3,100.
  assert.deepEqual([pen.moneda, pen.days], ["PEN", 7]);
  near(pen.estimated, 800);
  near(pen.actual, 800);
  near(pen.month_total, 3100);
  near(pen.error_pct!, 0, 4);
  near(pen.mdape!, 0, 4);
});
