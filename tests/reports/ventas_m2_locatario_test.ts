import assert from "node:assert/strict";
import {
  contractDaysSql,
  m2Partitions,
  tenantsSql,
} from "../../web/src/reports/ventas-m2-locatario/report.ts";
import { near } from "./fixture.ts";
import { MALLS, salesFixtureDb } from "./sales_a_fixture.ts";

const db = await salesFixtureDb();
const FEB = { start: "2024-02-01", end: "2024-02-29" };

Deno.test("Ventas m2 por Locatario: per contract of Santa Anita in February 2024, soles and dollars apart", async () => {
  const rows = await db.rows(m2Partitions([3], 2024), tenantsSql(FEB, 3));
  assert.deepEqual(rows.map((r) => [r.is_total, r.moneda, r.contrato]), [
    [0, "PEN", "C10"],
    [0, "PEN", "C11"],
    [0, "PEN", "C13"],
    [0, "USD", "C12"],
    [1, "PEN", "Total"],
    [1, "USD", "Total"],
  ]);
  const [c10, c11, c13, c12, pen, usd] = rows;
  near(c10.ventas, 150); // 100 on 1 Feb (two supply points) + 50 on the leap day
  near(c10.area, 100, 4);
  near(c10.venta_m2, 1.5, 4);
  assert.equal(c10.transacciones, 6);
  near(c11.venta_m2, 0.6, 4);
  // Opened on 20 February: its whole area, not prorated.
  near(c13.ventas, 100);
  near(c13.area, 60, 4);
  near(c13.venta_m2, 100 / 60, 4);
  near(c12.ventas, 80);
  near(c12.venta_m2, 2, 4);
  // Totals from the sums: soles 280 over 210 m2; dollars apart.
  near(pen.ventas, 280);
  near(pen.area, 210, 4);
  near(pen.venta_m2, 280 / 210, 4);
  assert.equal(pen.transacciones, 12);
  near(usd.ventas, 80);
  near(usd.venta_m2, 2, 4);
});

Deno.test("Ventas m2 por Locatario: every mall, and a range at the year's edge", async () => {
  const all = await db.rows(m2Partitions(MALLS, 2024), tenantsSql(FEB, 0));
  const pen = all.find((r) => r.is_total && r.moneda === "PEN")!;
  near(pen.ventas, 480);
  near(pen.area, 410, 4);
  assert.ok(all.some((r) => r.contrato === "C20" && r.mall === "Arequipa"));
  const dec = await db.rows(
    m2Partitions([3], 2024),
    tenantsSql({ start: "2024-12-31", end: "2024-12-31" }, 3),
  );
  assert.deepEqual(dec.map((r) => [r.contrato, r.ventas]), [["C10", 300], ["Total", 300]]);
  const none = await db.rows(
    m2Partitions([3], 2024),
    tenantsSql({ start: "2024-03-01", end: "2024-03-31" }, 3),
  );
  assert.deepEqual(none, []);
});

Deno.test("Ventas m2 por Locatario: the drill-down gives a contract's sales per day", async () => {
  const rows = await db.rows(m2Partitions([3], 2024), contractDaysSql(FEB, 10));
  assert.deepEqual(rows.map((r) => [r.fecha, r.ventas, r.transacciones]), [
    ["2024-02-01", 100, 4],
    ["2024-02-29", 50, 2],
  ]);
});
