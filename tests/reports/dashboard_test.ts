import assert from "node:assert/strict";
import {
  cardPartitions,
  chartPartitions,
  sectorSql,
  trafficSql,
  vacancySql,
  yearsSql,
} from "../../web/src/reports/dashboard/report.ts";
import { fixtureDb, MALLS, near } from "./fixture.ts";

const db = await fixtureDb();

Deno.test("Dashboard: monthly sales of the report year against the comparison year", async () => {
  const rows = await db.rows(chartPartitions(MALLS, 2024, 2023), yearsSql(2024, 2023, "2024-03-01"));
  assert.deepEqual(rows.slice(0, 3).map((r) => [r.mes, r.venta_anio2, r.venta_anio1]), [
    [1, 250, 0],
    [2, 440, 240], // 29 Feb 2024 counts for 2024; 2023 has no such day
    [3, null, 999], // March 2024 has not begun: the whole March 2023
  ]);
  // Leap day the other way: the whole February 2025 against the whole February 2024, 29 Feb included
  // (docs/metrics.md, Periods: a period to its month's last day).
  const leap = await db.rows(chartPartitions(MALLS, 2025, 2024), yearsSql(2025, 2024, "2025-03-01"));
  assert.deepEqual([leap[1].venta_anio2, leap[1].venta_anio1], [70, 440]);
});

Deno.test("Dashboard: sector average is the month's sales over the categories that sold", async () => {
  const rows = await db.rows(chartPartitions(MALLS, 2024, 2024), sectorSql(2024, "2024-03-01"));
  near(rows[0].venta_anio, 250);
  near(rows[0].venta_promedio_rubro, 250);
  near(rows[1].venta_anio, 440);
  near(rows[1].venta_promedio_rubro, 220); // Moda 350 and Comida 90
  near(rows[2].venta_anio, 0);
  assert.equal(rows[2].venta_promedio_rubro, null);
});

Deno.test("Dashboard: pedestrian traffic of the last day and the year to date", async () => {
  const [t] = await db.rows(cardPartitions("2024-03-01"), trafficSql("2024-03-01"));
  assert.equal(t.fecha, "2024-02-29");
  near(t.hoy, 1200); // both zones
  near(t.ayer, 900);
  near(t.ytd, 2600);
  near(t.ytd_anterior, 700); // 1 Jan and 28 Feb 2023; 1 Mar 2023 is out
});

Deno.test("Dashboard: vacancy per mall and in total, by area", async () => {
  const rows = await db.rows(cardPartitions("2024-03-01"), vacancySql());
  assert.deepEqual(rows.map((r) => r.name), ["Santa Anita", "Arequipa", "Totales"]);
  near(rows[0].vacancy, 100 / 3, 4);
  near(rows[1].vacancy, 50, 4);
  near(rows[2].vacancy, 250 / 550 * 100, 4);
});

Deno.test("Dashboard: chart 2 leaves the months not begun empty, as chart 1 does", async () => {
  // Yesterday is 29 Feb 2024: March to December 2024 have not begun; every month of 2023 has.
  const rows = await db.rows(chartPartitions(MALLS, 2024, 2024), sectorSql(2024, "2024-03-01"));
  assert.deepEqual(rows.map((r) => r.venta_anio === null), [false, false, ...Array(10).fill(true)]);
  const past = await db.rows(chartPartitions(MALLS, 2023, 2023), sectorSql(2023, "2024-03-01"));
  assert.deepEqual(past.map((r) => r.venta_anio === null), Array(12).fill(false));
  near(past[11].venta_anio, 0); // December 2023 had no sales: 0, not empty
});
