import assert from "node:assert/strict";
import {
  type FlashFilters,
  flashPartitions,
  projectionSql,
  rangeWeeks,
  weeksSql,
} from "../../web/src/reports/flash-semanal/report.ts";
import { near } from "./fixture.ts";
import { rankingDb } from "./rankings_fixture.ts";

const db = await rankingDb("2024-07-15");
const f: FlashFilters = { mall: 3, range: { start: "2024-02-01", end: "2024-02-14" }, contract: "" };
const run = <R>(x: FlashFilters, s: { sql: string; row?: R }) => db.rows(flashPartitions(x), s);

Deno.test("Flash Semanal: calendar weeks of the range against the same days of 2023 and the prorated budget", async () => {
  assert.deepEqual(rangeWeeks(f.range).map((w) => [w.start, w.end]), [
    ["2024-02-01", "2024-02-04"],
    ["2024-02-05", "2024-02-11"],
    ["2024-02-12", "2024-02-14"],
  ]);
  const rows = await run(f, weeksSql(f));
  assert.deepEqual(rows.map((r) => [r.semana, r.venta, r.venta_anterior]), [[1, 0, 0], [2, 800, 550], [
    3,
    0,
    0,
  ], [
    0,
    800,
    550,
  ]]);
  near(rows[1].meta, 880 * 7 / 29, 4); // A 580 + B 300 in February, 7 of its 29 days
  near(rows[1].cumplimiento, 800 / (880 * 7 / 29) * 100, 4);
  near(rows[1].variacion, 250 / 550 * 100, 4);
  assert.equal(rows[0].variacion, null);
  near(rows[3].meta, 880 * 14 / 29, 4);
});

Deno.test("Flash Semanal: month and year projected with the year before's seasonality", async () => {
  const [mes, anio] = await run(f, projectionSql(f));
  assert.equal(mes.periodo, "Mes");
  // February to the 14th: 800 against 550; the rest of February 2023 sold nothing.
  assert.deepEqual([mes.a_la_fecha, mes.anterior_a_la_fecha, mes.anterior_resto, mes.dias_resto], [
    800,
    550,
    0,
    15,
  ]);
  near(mes.proyeccion, 800);
  near(mes.cumplimiento, 800 / 880 * 100, 4);
  near(mes.anterior_total, 550);
  assert.equal(mes.metodo, "estacionalidad");
  // The year: 840 to date (D's 40 in January) against 550; the rest of 2023 sold 999 (1 March).
  near(anio.a_la_fecha, 840);
  near(anio.factor, 840 / 550, 6);
  near(anio.proyeccion, 840 + 999 * 840 / 550, 4);
  near(anio.anterior_total, 1549);
  near(anio.meta, 880);
});

Deno.test("Flash Semanal: a contract without sales the year before is projected from its mean day", async () => {
  const e: FlashFilters = { mall: 2, range: f.range, contract: "E" };
  const [mes] = await run(e, projectionSql(e));
  assert.equal(mes.metodo, "promedio diario");
  near(mes.proyeccion, 1000 + 1000 / 14 * 15, 4);
  assert.equal(mes.meta, null);
  const other: FlashFilters = { ...f, contract: "D" };
  const [dm, dy] = await run(other, projectionSql(other));
  near(dm.proyeccion, 0); // D sold 50 in February 2023 but nothing this February: factor 0
  near(dy.proyeccion, 40);
});
