import assert from "node:assert/strict";
import {
  missingDaysSql,
  type ProvisionFilters,
  provisionPartitions,
  provisionSql,
} from "../../web/src/reports/provision-ventas/report.ts";
import { near } from "./fixture.ts";
import { PROVISION_ROWS, rankingDb } from "./rankings_fixture.ts";

// Mall 5 opens on Monday 25 March 2024 (PROVISION_ROWS): P, Q and S from the 25th, R from the 29th.
const TODAY = "2024-04-10";
const db = await rankingDb(TODAY, PROVISION_ROWS);
const march: ProvisionFilters = { mall: 5, year: 2024, month: 3, contract: "" };
const run = <R>(f: ProvisionFilters, s: { sql: string; row?: R }) => db.rows(provisionPartitions(f), s);

Deno.test("Provisión: missing days estimated from the same weekday times the mall's trend; none missing: none estimated", async () => {
  const rows = await run(march, provisionSql(march, TODAY));
  const by = (code: string) => rows.find((r) => r.code === code)!;
  // Q: Monday 25 registered; trend that day = Q's 300 / its Monday mean 200 = 1.5. Tuesday to Sunday missing:
  // no same-weekday history, so its mean registered day (300) times a trend of 1 (no one with history).
  assert.deepEqual([by("Q").dias, by("Q").dias_registrados, by("Q").dias_faltantes], [7, 1, 6]);
  near(by("Q").real, 300);
  near(by("Q").provisionado, 1800);
  // P: Monday 25 missing: Monday mean (200 + 100) / 2 = 150 times 1.5.
  near(by("P").provisionado, 225);
  near(by("P").real, 60);
  // R operates from the 29th, sold nothing and has no history: 3 missing days, nothing to estimate from.
  assert.deepEqual([by("R").dias, by("R").dias_faltantes], [3, 3]);
  near(by("R").provisionado, 0);
  // S registered every day: nothing provisioned.
  assert.deepEqual([by("S").dias_faltantes, by("S").provisionado, by("S").porcentaje_real], [0, 0, 100]);
  const t = rows.find((r) => r.is_total)!;
  near(t.real, 430);
  near(t.provisionado, 2025);
  near(t.total, 2455);
  near(t.porcentaje_real, 430 / 2455 * 100, 4);
  near(t.porcentaje_provisionado, 2025 / 2455 * 100, 4);
  assert.equal(t.dias_faltantes, 10);
});

Deno.test("Provisión: each missing day says how it was estimated; a contract code narrows the figures", async () => {
  const days = await run(march, missingDaysSql(march, TODAY));
  const p = days.filter((d) => d.code === "P");
  assert.deepEqual(p.map((d) => [d.day, d.basis, d.n, d.base, d.trend, d.estimate]), [
    ["2024-03-25", "mismo día", 2, 150, 1.5, 225],
  ]);
  const q = days.filter((d) => d.code === "Q");
  assert.equal(q.length, 6);
  assert.deepEqual([q[0].basis, q[0].base, q[0].trend], ["promedio del mes", 300, 1]);
  assert.deepEqual(days.filter((d) => d.code === "R").map((d) => [d.basis, d.estimate]), [
    [null, 0],
    [null, 0],
    [null, 0],
  ]);
  const only = { ...march, contract: "Q" };
  const rows = await run(only, provisionSql(only, TODAY));
  assert.deepEqual(rows.map((r) => r.code), ["Q", "Total S/"]);
  near(rows[1].provisionado, 1800); // the trend still reads the whole mall
});

Deno.test("Provisión: a running month stops at yesterday (no estimate for days not come)", async () => {
  const rows = await run(march, provisionSql(march, "2024-03-27"));
  const s = rows.find((r) => r.code === "S")!;
  assert.deepEqual([s.dias, s.dias_registrados, s.dias_faltantes], [2, 2, 0]); // 25 and 26
});
