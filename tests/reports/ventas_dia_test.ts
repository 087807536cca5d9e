import assert from "node:assert/strict";
import {
  dayContractsSql,
  type DayFilters,
  dayPartitions,
  daySql,
  periods,
} from "../../web/src/reports/ventas-dia/report.ts";
import { near } from "./fixture.ts";
import { INFLATION_FEB, MALLS, salesFixtureDb } from "./sales_a_fixture.ts";

const db = await salesFixtureDb();
const f = (x: Partial<DayFilters>): DayFilters => ({
  type: "dia",
  mall: 0,
  day: "2024-02-15",
  inflation: false,
  ...x,
});
const byName = <T extends { nombre: string }>(rows: T[]) =>
  Object.fromEntries(rows.map((r) => [r.nombre, r]));

Deno.test("Ventas por Día: the day per mall against the same day of the year before, dollars apart", async () => {
  const all = await db.rows(dayPartitions(MALLS, "2024-02-15"), daySql(f({})));
  const rows = all.filter((r) => r.is_total !== 2);
  assert.deepEqual(rows.map((r) => r.nombre), ["Santa Anita", "Arequipa", "Total"]);
  const { "Santa Anita": asa, Arequipa: aqp, Total } = byName(rows);
  // Santa Anita's only sale that day is the dollar contract's: left out.
  assert.equal(asa.act, null);
  near(aqp.act, 200);
  near(aqp.cmp, 100);
  near(aqp.pct, 100, 4);
  near(Total.act, 200);
  // The dollar contract, as the statement's last row: how many, and its sales of both days ($).
  const usd = all.filter((r) => r.is_total === 2);
  assert.deepEqual(usd.map((r) => [r.contracts, r.act, r.cmp]), [[1, 80, 50]]);
});

Deno.test("Ventas por Día: the leap day has no day to compare with", async () => {
  assert.deepEqual(periods(f({ day: "2024-02-29" })).cmp, { start: "2023-03-01", end: "2023-02-28" });
  const { "Santa Anita": asa } = byName(
    await db.rows(dayPartitions(MALLS, "2024-02-29"), daySql(f({ day: "2024-02-29" }))),
  );
  near(asa.act, 90); // C10 50 + C13 40 (opened on 20 February)
  near(asa.cmp, 0);
  assert.equal(asa.pct, null);
});

Deno.test("Ventas por Día: accumulated to the day, per category of a mall, in soles and per m2", async () => {
  const filters = f({ type: "acumulada", mall: 3 });
  assert.deepEqual(periods(filters), {
    act: { start: "2024-02-01", end: "2024-02-15" },
    cmp: { start: "2023-02-01", end: "2023-02-15" },
    y2: 2024,
    comparisonYear: 2023,
  });
  const { Moda, Comida, Total } = byName(await db.rows(dayPartitions([3], "2024-02-15"), daySql(filters)));
  near(Moda.act, 100);
  near(Moda.cmp, 80);
  near(Moda.pct, 25, 4);
  near(Comida.act, 30);
  near(Comida.cmp, 40);
  near(Total.act, 130);
  near(Total.cmp, 120);
  // The m2 view reads the same rows: per m2 of the contracts that sold in each period.
  near(Moda.act_m2, 1, 4);
  near(Moda.cmp_m2, 0.8, 4);
  near(Comida.act_m2, 0.6, 4);
  near(Total.act_m2, 130 / 150, 4);
  near(Total.cmp_m2, 120 / 150, 4);
  near(Total.pct_m2, (130 / 120 - 1) * 100, 4);
  const infl = byName(
    await db.rows(dayPartitions([3], "2024-02-15"), daySql({ ...filters, inflation: true })),
  );
  near(infl.Total.cmp, 120 * INFLATION_FEB);
  near(infl.Moda.cmp, 80 * INFLATION_FEB);
});

Deno.test("Ventas por Día: the first day of a year against the last one's; the drill-down", async () => {
  const { "Santa Anita": asa } = byName(
    await db.rows(dayPartitions(MALLS, "2025-01-01"), daySql(f({ day: "2025-01-01" }))),
  );
  near(asa.act, 70);
  near(asa.cmp, 0);
  const acc = byName(
    await db.rows(dayPartitions(MALLS, "2024-12-31"), daySql(f({ day: "2024-12-31", type: "acumulada" }))),
  );
  near(acc["Santa Anita"].act, 300);
  near(acc["Santa Anita"].cmp, 120);
  const drill = await db.rows(
    dayPartitions([3], "2024-02-15"),
    dayContractsSql(f({ type: "acumulada", mall: 3 }), 2),
  );
  assert.deepEqual(drill.map((r) => [r.contrato, r.act, r.cmp]), [["C11", 30, 40], ["Total", 30, 40]]);
});
