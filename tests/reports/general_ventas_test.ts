import assert from "node:assert/strict";
import {
  contractClosingsSql,
  gvPartitions,
  pageSql,
  totalsSql,
} from "../../web/src/reports/general-ventas/report.ts";
import { near } from "./fixture.ts";
import { MALLS, salesFixtureDb } from "./sales_a_fixture.ts";

const db = await salesFixtureDb();
const FEB = { start: "2024-02-01", end: "2024-02-29" };
const parts = gvPartitions(MALLS, 2024);

Deno.test("Reporte General de Ventas: every closing of February 2024 (leap day included) with its columns", async () => {
  const rows = await db.rows(parts, pageSql(FEB, null, 0, 100));
  // Default order: day, mall (Santa Anita first), contract, closing id.
  assert.deepEqual(rows.map((r) => r.id), [1, 2, 4, 5, 8, 6, 3, 7]);
  const two = rows.find((r) => r.id === 2)!;
  assert.deepEqual(
    [two.sociedad, two.mall, two.contrato, two.contrato_antiguo, two.denominacion, two.moneda, two.cebe],
    ["Centros Comerciales de Lima S.A.", "Santa Anita", "C10", "OLD-10", "Tienda Diez", "PEN", "M1"],
  );
  assert.deepEqual(
    [two.denom_cebe, two.tipo_vta, two.denom_tipo_vta, two.periodo, two.fecha_vta, two.transacciones],
    ["Moda", "VD", "Venta Diaria", "02/2024", "2024-02-01", 1],
  );
  near(two.monto, 40);
  assert.deepEqual([two.fecha_registro, two.hora, two.fecha_modificacion], [
    "2024-02-02",
    "09:16:40",
    "2024-02-05",
  ]);
  near(two.area, 100, 4);
  const leap = rows.find((r) => r.id === 3)!;
  assert.deepEqual([leap.fecha_vta, leap.fecha_registro, leap.hora, leap.fecha_modificacion], [
    "2024-02-29",
    "2024-03-01",
    "08:00:00",
    null,
  ]);
  const dollar = rows.find((r) => r.id === 5)!;
  assert.deepEqual([dollar.moneda, dollar.tipo_vta, dollar.denom_tipo_vta], ["USD", "VC", "Venta Cadena"]);
  // The contract that opened on 20 February lists its two closings.
  assert.deepEqual(rows.filter((r) => r.contrato === "C13").map((r) => r.fecha_vta), [
    "2024-02-20",
    "2024-02-29",
  ]);
});

Deno.test("Reporte General de Ventas: totals per currency, soles and dollars never added", async () => {
  const totals = await db.rows(parts, totalsSql(FEB));
  assert.deepEqual(totals.map((t) => [t.moneda, t.closings, t.transacciones]), [["PEN", 7, 20], [
    "USD",
    1,
    2,
  ]]);
  near(totals[0].monto, 480); // 60 + 40 + 50 + 30 + 60 + 40 + 200
  near(totals[1].monto, 80);
});

Deno.test("Reporte General de Ventas: sorted on any column, paged by offset", async () => {
  const byAmount = await db.rows(parts, pageSql(FEB, { column: "monto", desc: true }, 0, 4));
  // 200 (C20), 80 (C12, $), then the two 60s by closing id.
  assert.deepEqual(byAmount.map((r) => r.id), [8, 5, 1, 6]);
  const page2 = await db.rows(parts, pageSql(FEB, { column: "monto", desc: true }, 4, 4));
  assert.deepEqual(page2.map((r) => r.id), [3, 2, 7, 4]);
  const byHour = await db.rows(parts, pageSql(FEB, { column: "hora", desc: false }, 0, 3));
  assert.deepEqual(byHour.map((r) => r.hora), ["07:00:00", "08:00:00", "09:15:00"]);
  const byMall = await db.rows(parts, pageSql(FEB, { column: "mall", desc: true }, 0, 1));
  assert.equal(byMall[0].mall, "Arequipa");
  const byChange = await db.rows(parts, pageSql(FEB, { column: "fecha_modificacion", desc: false }, 0, 2));
  assert.deepEqual(byChange.map((r) => r.fecha_modificacion), ["2024-02-05", null]);
});

Deno.test("Reporte General de Ventas: a range at the year's edge reads only its own days", async () => {
  const dec = await db.rows(parts, pageSql({ start: "2024-12-01", end: "2024-12-31" }, null, 0, 100));
  assert.deepEqual(dec.map((r) => [r.id, r.fecha_vta, r.fecha_registro]), [[10, "2024-12-31", "2025-01-01"]]);
  const jan = await db.rows(
    gvPartitions(MALLS, 2025),
    pageSql({ start: "2025-01-01", end: "2025-01-05" }, null, 0, 100),
  );
  assert.deepEqual(jan.map((r) => r.id), [12]);
  const none = await db.rows(parts, totalsSql({ start: "2024-03-01", end: "2024-03-31" }));
  assert.deepEqual(none, []);
});

Deno.test("Reporte General de Ventas: the drill-down lists a contract's closings of the range", async () => {
  const rows = await db.rows(parts, contractClosingsSql(FEB, "C10"));
  assert.deepEqual(rows.map((r) => [r.id, r.monto]), [[1, 60], [2, 40], [3, 50]]);
  assert.throws(() => contractClosingsSql(FEB, "x' or 1=1"));
});
