import assert from "node:assert/strict";
import type { Catalog } from "#contract/extracts.ts";
import type { Statement } from "../../web/src/analytics/connector.ts";
import { dailyYearsRead, neighbours, planPartitions } from "../../web/src/analytics/engine.ts";
import * as dash from "../../web/src/reports/dashboard/report.ts";
import { salesRowsSql } from "../../web/src/reports/shared/sql.ts";
import * as vg from "../../web/src/reports/venta-general/report.ts";
import * as vm from "../../web/src/reports/ventas-mensual/report.ts";
import { fixtureDb, MALLS } from "./fixture.ts";

// The server's monthly sales ('sales_monthly.<year>', all malls, per contract and month) against the daily
// partitions: a report whose statements read only whole months of a year reads that year's monthly
// partition instead of every mall's days, with the same rows.

// DuckDB computes every statement here (local_test.ts checks the local twins against it).
const withFamily = await fixtureDb();
const dailyOnly = await fixtureDb(undefined, undefined, { monthlyFamily: false });
const catalog = await withFamily.engine.catalog();

/** Equal rows in any order, numbers to 1e-6. */
function same(a: unknown[], b: unknown[], what: string) {
  const round = (v: unknown) => (typeof v === "number" ? Math.round(v * 1e6) / 1e6 : v);
  const norm = (rows: unknown[]) =>
    rows.map((r) => Object.fromEntries(Object.entries(r as object).map(([k, v]) => [k, round(v)])))
      .sort((x, y) => (JSON.stringify(x) < JSON.stringify(y) ? -1 : 1));
  assert.deepEqual(norm(b), norm(a), what);
}

/** Both ways on the report's own partitions; how many of its years came from the monthly family. */
async function bothWays<R>(partitions: readonly string[], statement: Statement<R>, what: string) {
  const planned = planPartitions(partitions, [statement.sql], catalog);
  const [a, b] = [await dailyOnly.rows(partitions, statement), await withFamily.rows(partitions, statement)];
  same(a, b, what);
  return planned.filter((p) => p.startsWith("sales_monthly.")).length;
}

const entry = (partition: string) => ({
  partition,
  family: partition.split(".")[0] as "sales_daily",
  version: "1",
  etag: "",
  rows: 1,
  bytes: 1,
});
const cat = (keys: string[]): Catalog => ({
  today: "2025-03-01",
  format: 1,
  families: [],
  table: keys.map(entry),
});

Deno.test("monthly family: the days a statement reads, known only through salesRowsSql", () => {
  const whole = salesRowsSql({ start: "2023-01-01", end: "2023-12-31" });
  const edges = salesRowsSql({ start: "2023-12-15", end: "2024-02-10" });
  assert.deepEqual(dailyYearsRead([whole]), new Set());
  assert.deepEqual(dailyYearsRead([whole, edges]), new Set([2023, 2024]));
  assert.equal(dailyYearsRead([whole, "select day, amount_cents from sales_daily"]), null);
});

Deno.test("monthly family: a year read only as whole months, every mall named, is read monthly", () => {
  const c = cat([
    "sales_daily.3.2023",
    "sales_daily.2.2023",
    "sales_daily.3.2024",
    "sales_daily.2.2024",
    "sales_monthly.2023",
    "sales_monthly.2024",
    "contracts",
  ]);
  const all = [
    "sales_daily.3.2023",
    "sales_daily.2.2023",
    "sales_daily.3.2024",
    "sales_daily.2.2024",
    "contracts",
  ];
  const sql = [
    salesRowsSql({ start: "2023-01-01", end: "2023-03-31" }),
    salesRowsSql({ start: "2024-03-01", end: "2024-03-10" }),
  ];
  assert.deepEqual(planPartitions(all, sql, c), [
    "sales_daily.3.2024",
    "sales_daily.2.2024",
    "contracts",
    "sales_monthly.2023",
  ]);
  // One mall only: the monthly partition holds every mall, so the days stay.
  const one = ["sales_daily.3.2023", "sales_daily.3.2024", "contracts"];
  assert.deepEqual(planPartitions(one, sql, c), one);
  // A statement reading days another way: nothing is swapped.
  assert.deepEqual(planPartitions(all, [...sql, "select * from sales_daily"], c), all);
  // No monthly partition in the catalogue: the days stay.
  assert.deepEqual(planPartitions(all, sql, cat(all)), all);
  // After a report, the monthly sales of its years and those next to them are fetched when idle.
  const c2 = cat([...c.table.map((e) => e.partition), "sales_monthly.2022", "sales_monthly.2020"]);
  assert.deepEqual(
    neighbours(["sales_daily.3.2024", "sales_daily.2.2024", "sales_monthly.2023"], c2).sort(),
    ["sales_daily.2.2023", "sales_daily.3.2023", "sales_monthly.2022", "sales_monthly.2024"],
  );
});

Deno.test("monthly family: Ventas Mensual, every mode and comparison year, same rows as the daily path", async () => {
  let monthly = 0;
  for (const today of ["2024-03-01", "2024-03-15", "2025-03-01", "2024-05-10"]) {
    for (const mode of ["ventaMensual", "ventaMensualCerrado"] as const) {
      for (const y1 of [2023, 2024, 2025]) {
        for (const [inflation, sss] of [[false, false], [true, true]]) {
          const f: vm.Filters = { mode, comparisonYear: y1, inflation, sss };
          const p = vm.period(mode, today, y1);
          const parts = vm.vmPartitions(MALLS, p, y1);
          const what = JSON.stringify({ today, ...f });
          monthly += await bothWays(parts, vm.summarySql(f, p), `summary ${what}`);
          monthly += await bothWays(parts, vm.contractsSql(f, p, 0, 1), `contracts ${what}`);
        }
      }
    }
  }
  // 'Mes Cerrado' reads whole months of both years: those come from the monthly family.
  assert.ok(monthly > 0, "no statement read the monthly family");
});

Deno.test("monthly family: Venta General and the dashboard charts, same rows as the daily path", async () => {
  let monthly = 0;
  for (const today of ["2024-03-01", "2024-02-20", "2025-01-10"]) {
    for (let month = 1; month <= 12; month++) {
      const p = vg.period(2024, month, today);
      const parts = vg.vgPartitions(MALLS, 2024);
      monthly += await bothWays(parts, vg.perMallSql(p), `per mall ${today} ${month}`);
      monthly += await bothWays(parts, vg.monthlySql(p), `curve ${today} ${month}`);
    }
    for (const [y2, y1] of [[2024, 2023], [2024, 2024], [2025, 2024], [2023, 2025]]) {
      const parts = dash.chartPartitions(MALLS, y2, y1);
      monthly += await bothWays(parts, dash.yearsSql(y2, y1, today), `years ${today} ${y2} ${y1}`);
      monthly += await bothWays(parts, dash.sectorSql(y2, today), `sector ${today} ${y2}`);
    }
  }
  assert.ok(monthly > 0, "no statement read the monthly family");
});
