import assert from "node:assert/strict";
import type { Statement } from "../../web/src/analytics/connector.ts";
import * as dash from "../../web/src/reports/dashboard/report.ts";
import { SALES_SOURCE, splitMonths } from "../../web/src/reports/shared/sql.ts";
import * as vg from "../../web/src/reports/venta-general/report.ts";
import * as vm from "../../web/src/reports/ventas-mensual/report.ts";
import { fixtureDb, MALLS } from "./fixture.ts";

// The monthly pre-aggregate (whole months) against the daily rows alone: every report statement built both
// ways gives the same rows on the same fixture partitions.

// DuckDB computes every statement here (the subject is the SQL's two paths; local_test.ts checks the local
// twins against it).
const db = await fixtureDb();

/** The statement built from the daily rows only, then from the pre-aggregate; both results. */
async function bothWays<R>(partitions: readonly string[], build: () => Statement<R>) {
  SALES_SOURCE.monthly = false;
  const daily = build();
  SALES_SOURCE.monthly = true;
  const monthly = build();
  return [await db.rows(partitions, daily), await db.rows(partitions, monthly)];
}

/** Equal rows in any order (the summary has none; the screen sorts), numbers to 1e-6. */
function same(a: unknown[], b: unknown[], what: string) {
  const round = (v: unknown) => (typeof v === "number" ? Math.round(v * 1e6) / 1e6 : v);
  const norm = (rows: unknown[]) =>
    rows.map((r) => Object.fromEntries(Object.entries(r as object).map(([k, v]) => [k, round(v)])))
      .sort((x, y) => (JSON.stringify(x) < JSON.stringify(y) ? -1 : 1));
  assert.deepEqual(norm(b), norm(a), what);
}

Deno.test("pre-aggregate: a span as whole months and partial edges", () => {
  assert.deepEqual(splitMonths({ start: "2024-01-01", end: "2024-02-29" }), {
    months: { start: "2024-01-01", end: "2024-02-01" },
    edges: [],
  });
  assert.deepEqual(splitMonths({ start: "2024-01-15", end: "2024-04-10" }), {
    months: { start: "2024-02-01", end: "2024-03-01" },
    edges: [{ start: "2024-01-15", end: "2024-01-31" }, { start: "2024-04-01", end: "2024-04-10" }],
  });
  assert.deepEqual(splitMonths({ start: "2024-02-01", end: "2024-02-28" }), {
    months: null,
    edges: [{ start: "2024-02-01", end: "2024-02-28" }],
  });
  assert.deepEqual(splitMonths({ start: "2023-12-01", end: "2024-01-31" }).months, {
    start: "2023-12-01",
    end: "2024-01-01",
  });
  assert.deepEqual(splitMonths({ start: "2024-03-02", end: "2024-03-01" }), { months: null, edges: [] });
});

Deno.test("pre-aggregate: Ventas Mensual, every mode, switch and comparison year, both ways", async () => {
  for (const today of ["2024-03-01", "2024-03-15", "2025-03-01", "2024-05-10"]) {
    for (const mode of ["ventaMensual", "ventaMensualCerrado"] as const) {
      for (const y1 of [2023, 2024, 2025]) {
        for (const [inflation, sss] of [[false, false], [true, false], [false, true], [true, true]]) {
          const f: vm.Filters = { mode, comparisonYear: y1, inflation, sss };
          const p = vm.period(mode, today, y1);
          const parts = vm.vmPartitions(MALLS, p, y1);
          const what = JSON.stringify({ today, ...f });
          const [a, b] = await bothWays(parts, () => vm.summarySql(f, p));
          same(a, b, `summary ${what}`);
          const [c, d] = await bothWays(parts, () => vm.contractsSql(f, p, 0, 1));
          same(c, d, `contracts ${what}`);
        }
      }
    }
  }
});

Deno.test("pre-aggregate: Venta General, every month of 2024, both ways", async () => {
  for (const today of ["2024-03-01", "2024-02-20", "2025-01-10"]) {
    for (let month = 1; month <= 12; month++) {
      const p = vg.period(2024, month, today);
      const parts = vg.vgPartitions(MALLS, 2024);
      const [a, b] = await bothWays(parts, () => vg.perMallSql(p));
      same(a, b, `per mall ${today} ${month}`);
      const [c, d] = await bothWays(parts, () => vg.monthlySql(p));
      same(c, d, `curve ${today} ${month}`);
    }
  }
});

Deno.test("pre-aggregate: dashboard charts, both ways, a year against itself included", async () => {
  for (const today of ["2024-03-01", "2024-02-20", "2025-03-01"]) {
    for (const [y2, y1] of [[2024, 2023], [2024, 2024], [2025, 2024], [2023, 2025]]) {
      const parts = dash.chartPartitions(MALLS, y2, y1);
      const [a, b] = await bothWays(parts, () => dash.yearsSql(y2, y1, today));
      same(a, b, `years ${today} ${y2} ${y1}`);
      const [c, d] = await bothWays(parts, () => dash.sectorSql(y2, today));
      same(c, d, `sector ${today} ${y2}`);
    }
  }
});

Deno.test("engine: the partitions prefetched after a report are the neighbouring years and the other malls", async () => {
  const { neighbours } = await import("../../web/src/analytics/engine.ts");
  const table = [
    "sales_daily.3.2023",
    "sales_daily.3.2024",
    "sales_daily.2.2024",
    "sales_daily.3.2025",
    "contracts",
  ]
    .map((partition) => ({
      partition,
      family: "sales_daily" as const,
      version: "1",
      etag: "",
      rows: 1,
      bytes: 1,
    }));
  const cat = { today: "2025-03-01", format: 1, families: [], table };
  assert.deepEqual(neighbours(["sales_daily.3.2024", "contracts"], cat), [
    "sales_daily.3.2023",
    "sales_daily.2.2024",
    "sales_daily.3.2025",
  ]);
  assert.deepEqual(neighbours(["contracts"], cat), []);
});
