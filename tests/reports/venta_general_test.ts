import assert from "node:assert/strict";
import { monthlySql, period, perMallSql, vgPartitions } from "../../web/src/reports/venta-general/report.ts";
import { fixtureDb, MALLS, near } from "./fixture.ts";

const db = await fixtureDb();

Deno.test("Venta General: month to yesterday and year to date against the budgets, per mall and total", async () => {
  const p = period(2024, 2, "2024-03-01");
  assert.deepEqual(p.month_span, { start: "2024-02-01", end: "2024-02-29" });
  const rows = await db.rows(vgPartitions(MALLS, 2024), perMallSql(p));
  assert.deepEqual(rows.map((r) => r.mall), ["Santa Anita", "Arequipa", "Total"]);
  const [asa, aqp, total] = rows;
  near(asa.acumulado_mes, 180);
  near(asa.meta_mes, 400); // 300 (C10) + 100 (C11)
  near(asa.cumplimiento_mes, 45, 4);
  near(asa.acumulado_anio, 430); // + 250 in January
  near(asa.meta_anio, 900); // January and February budgets
  near(asa.cumplimiento_anio, 430 / 900 * 100, 4);
  near(asa.acumulado_mes_m2, 1.2, 4);
  near(asa.meta_mes_m2, 400 / 150, 4);
  near(aqp.acumulado_mes, 260);
  near(aqp.cumplimiento_mes, 65, 4);
  near(total.acumulado_mes, 440);
  near(total.meta_mes, 800);
  near(total.cumplimiento_mes, 55, 4);
  near(total.acumulado_anio, 690);
  near(total.meta_anio, 1300);
  near(total.cumplimiento_anio, 690 / 1300 * 100, 4);
  near(total.acumulado_anio_m2, 690 / 430, 4);
});

Deno.test("Venta General: a month without data or budget", async () => {
  const rows = await db.rows(vgPartitions(MALLS, 2024), perMallSql(period(2024, 4, "2024-05-10")));
  const total = rows.at(-1)!;
  near(total.acumulado_mes, 0);
  assert.equal(total.cumplimiento_mes, null);
  near(total.acumulado_anio, 690); // January to April
});

Deno.test("Venta General: the monthly curve against the year before, on the same calendar days", async () => {
  const rows = await db.rows(vgPartitions(MALLS, 2024), monthlySql(period(2024, 2, "2024-03-01")));
  assert.equal(rows.length, 12);
  assert.deepEqual(rows.slice(0, 3).map((r) => [r.mes, r.monto_anio_actual, r.monto_anio_pasado]), [
    [1, 250, 0],
    [2, 440, 240],
    [3, null, 999],
  ]);
});

Deno.test("Venta General: a mall with nothing sold or budgeted in a period shows that period's amounts empty", async () => {
  // January 2024: Santa Anita sold 250 against 500; Arequipa sold nothing and had no budget, in the month
  // and in the year to date.
  const rows = await db.rows(vgPartitions(MALLS, 2024), perMallSql(period(2024, 1, "2024-03-01")));
  const [asa, aqp, total] = rows;
  near(asa.acumulado_mes, 250);
  near(asa.meta_mes, 500);
  assert.deepEqual(
    [aqp.acumulado_mes, aqp.meta_mes, aqp.cumplimiento_mes, aqp.acumulado_anio, aqp.meta_anio],
    [null, null, null, null, null],
  );
  near(total.acumulado_mes, 250);
  // April 2024: nothing sold or budgeted anywhere in the month; the year to date still has its figures.
  const april = await db.rows(vgPartitions(MALLS, 2024), perMallSql(period(2024, 4, "2024-05-10")));
  assert.deepEqual(april.map((r) => [r.acumulado_mes, r.meta_mes]), [[null, null], [null, null], [
    null,
    null,
  ]]);
  near(april[0].acumulado_anio, 430);
});
