import assert from "node:assert/strict";
import type { Catalog } from "#contract/extracts.ts";
import type { Statement } from "../../web/src/analytics/connector.ts";
import { dailyMonthsRead, neighbours, planPartitions } from "../../web/src/analytics/engine.ts";
import { prefetchPlan } from "../../web/src/analytics/plan.ts";
import * as dash from "../../web/src/reports/dashboard/report.ts";
import { salesRowsSql } from "../../web/src/reports/shared/sql.ts";
import * as vg from "../../web/src/reports/venta-general/report.ts";
import * as vm from "../../web/src/reports/ventas-mensual/report.ts";
import { fixtureDb, MALLS } from "./fixture.ts";

// The server's days of a month ('sales_days.<year>.<month>', all malls) against the daily partitions: a
// report whose statements read the days of a month or two of a year (month to date, a chart by day) reads
// those months' partitions, with that year's monthly one when it also reads whole months: the same rows.

// DuckDB computes every statement here (local_test.ts checks the local twins against it).
const withFamily = await fixtureDb();
const dailyOnly = await fixtureDb(undefined, undefined, { monthlyFamily: false });
const catalog = await withFamily.engine.catalog();

function same(a: unknown[], b: unknown[], what: string) {
  const round = (v: unknown) => (typeof v === "number" ? Math.round(v * 1e6) / 1e6 : v);
  const norm = (rows: unknown[]) =>
    rows.map((r) => Object.fromEntries(Object.entries(r as object).map(([k, v]) => [k, round(v)])))
      .sort((x, y) => (JSON.stringify(x) < JSON.stringify(y) ? -1 : 1));
  assert.deepEqual(norm(b), norm(a), what);
}

/** Both ways on the report's own partitions; how many month partitions the planned way read. */
async function bothWays<R>(partitions: readonly string[], statement: Statement<R>, what: string) {
  const planned = planPartitions(partitions, [statement.sql], catalog);
  same(await dailyOnly.rows(partitions, statement), await withFamily.rows(partitions, statement), what);
  return planned.filter((p) => p.startsWith("sales_days.")).length;
}

const cat = (keys: string[]): Catalog => ({
  today: "2025-03-01",
  format: 1,
  families: [],
  table: keys.map((partition) => ({
    partition,
    family: partition.split(".")[0] as "sales_daily",
    version: "1",
    etag: "",
    rows: 1,
    bytes: 1,
  })),
});
const months = (y: number) => Array.from({ length: 12 }, (_, i) => `sales_days.${y}.${i + 1}`);
const DAILY = ["sales_daily.3.2023", "sales_daily.2.2023", "sales_daily.3.2024", "sales_daily.2.2024"];

Deno.test("day family: the months a statement reads, per year", () => {
  assert.deepEqual(
    dailyMonthsRead([salesRowsSql({ start: "2023-12-15", end: "2024-02-10" })]),
    // January 2024 is a whole month: read from the monthly sales.
    new Map([[2023, new Set([12])], [2024, new Set([2])]]),
  );
  assert.deepEqual(dailyMonthsRead([salesRowsSql({ start: "2023-03-01", end: "2023-03-31" })]), new Map());
  assert.equal(dailyMonthsRead(["select * from sales_daily"]), null);
});

Deno.test("day family: a year read in a few months' days reads those months, all malls named", () => {
  const c = cat([...DAILY, "sales_monthly.2023", "sales_monthly.2024", ...months(2023), ...months(2024)]);
  const all = [...DAILY, "contracts"];
  // Month to date in both years: the days of March of each, no whole month.
  const mtd = [
    salesRowsSql({ start: "2024-03-01", end: "2024-03-10" }),
    salesRowsSql({ start: "2023-03-01", end: "2023-03-10" }),
  ];
  assert.deepEqual(planPartitions(all, mtd, c), ["contracts", "sales_days.2023.3", "sales_days.2024.3"]);
  // Whole months read too (the view sales_monthly): the year's monthly partition with the days.
  const both = [salesRowsSql({ start: "2024-01-01", end: "2024-03-10" }), mtd[1]];
  assert.deepEqual(planPartitions(all, both, c), [
    "contracts",
    "sales_days.2023.3",
    "sales_monthly.2024",
    "sales_days.2024.3",
  ]);
  // Days of more than three months of a year: that year's daily partitions stay.
  const long = [salesRowsSql({ start: "2024-01-15", end: "2024-05-10" }, false), mtd[1]];
  assert.deepEqual(planPartitions(all, long, c), [
    "sales_daily.3.2024",
    "sales_daily.2.2024",
    "contracts",
    "sales_days.2023.3",
  ]);
  // One mall named: its days stay (the month partitions hold every mall).
  const one = ["sales_daily.3.2023", "sales_daily.3.2024", "contracts"];
  assert.deepEqual(planPartitions(one, mtd, c), one);
  // After a report on March's days: February and April of that year (a range stepped a month), March of
  // every year and every year's monthly sales, nearest first.
  const c2 = cat([...c.table.map((e) => e.partition), ...months(2022), "sales_monthly.2022"]);
  assert.deepEqual(neighbours(["sales_days.2023.3", "contracts"], c2), [
    "sales_monthly.2023",
    "sales_days.2023.2",
    "sales_days.2023.4",
    "sales_monthly.2024",
    "sales_days.2024.3",
    "sales_days.2022.3",
    "sales_monthly.2022",
  ]);
  // January's days: December of the year before is the month before.
  assert.deepEqual(
    neighbours(["sales_days.2023.1", "contracts"], c2).filter((p) => p.startsWith("sales_days")),
    [
      "sales_days.2023.2",
      "sales_days.2022.12",
      "sales_days.2024.1",
      "sales_days.2022.1",
    ],
  );
  // A comparison of 1 to 28 February: 2023's whole month from its monthly partition, 2024's days (a leap
  // year). Stepped a month, it reads March's days of both years: they load first, then February of the other years.
  assert.deepEqual(
    neighbours(["sales_monthly.2023", "sales_days.2024.2", "contracts"], c2)
      .filter((p) => p.startsWith("sales_days")),
    [
      "sales_days.2023.1",
      "sales_days.2023.3",
      "sales_days.2024.1",
      "sales_days.2024.3",
      "sales_days.2023.2",
      "sales_days.2022.2",
    ],
  );
  // A screen's first fetch, before its statements are known: a year of every mall as its monthly partition
  // and its days of yesterday's month (today 1 March 2025: February).
  assert.deepEqual(prefetchPlan([...all, "sales_daily.3.2022"], c2), [
    "sales_monthly.2023",
    "sales_days.2023.2",
    "sales_monthly.2024",
    "sales_days.2024.2",
    "contracts",
    "sales_daily.3.2022",
  ]);
});

Deno.test("day family: Ventas Mensual, tables and chart by day, same rows as the daily path", async () => {
  let days = 0;
  for (const today of ["2024-03-15", "2025-03-01", "2024-01-03"]) {
    for (const mode of ["ventaMensual", "ventaMensualCerrado"] as const) {
      for (const y1 of [2023, 2024, 2025]) {
        for (const [inflation, sss] of [[false, false], [true, true]]) {
          const f: vm.Filters = { mode, comparisonYear: y1, inflation, sss };
          const p = vm.period(mode, today, y1);
          const parts = vm.vmPartitions(MALLS, p, y1);
          const what = JSON.stringify({ today, ...f });
          days += await bothWays(parts, vm.summarySql(f, p), `summary ${what}`);
          for (const [mall, category] of [[0, 0], [2, 1]]) {
            days += await bothWays(
              parts,
              vm.dailySql(f, p, mall, category),
              `daily ${mall} ${category} ${what}`,
            );
          }
        }
      }
    }
  }
  // Month to date and every chart by day read the month partitions.
  assert.ok(days > 0, "no statement read the day family");
});

Deno.test("day family: Venta General and the dashboard, same rows as the daily path", async () => {
  let days = 0;
  for (const today of ["2024-03-01", "2024-02-20", "2025-01-10"]) {
    for (let month = 1; month <= 12; month++) {
      const p = vg.period(2024, month, today);
      const parts = vg.vgPartitions(MALLS, 2024);
      days += await bothWays(parts, vg.perMallSql(p), `per mall ${today} ${month}`);
      days += await bothWays(parts, vg.monthlySql(p), `curve ${today} ${month}`);
    }
    for (const [y2, y1] of [[2024, 2023], [2024, 2024], [2025, 2024]]) {
      const parts = dash.chartPartitions(MALLS, y2, y1);
      days += await bothWays(parts, dash.yearsSql(y2, y1, today), `years ${today} ${y2} ${y1}`);
    }
  }
  assert.ok(days > 0, "no statement read the day family");
});
