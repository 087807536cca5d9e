import assert from "node:assert/strict";
import type { Db } from "../../services/db.ts";
import { forEachDb, type TestApp } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { contractOf } from "../helpers/tenant.ts";

const kinds = await dbKinds();

// A small fixture with round numbers: the clock at 12/03/2025 (Lima), tenant@'s contract moved to a
// category of its own with area 100 m2 and sales only on 10 and 11 March, and three neighbours of other
// tenants in that category:
//
//               area   10/03   11/03
//   tenant@      100     800    1000  (two supply points: 500 + 300, 600 + 400)
//   peer 1        50    1500    2000
//   peer 2       100    2500    3000
//   peer 3       200    4000    6000
//
// 11/03: average 12000 / 4 = 3000; per m2 12000 / 450 = 26.67; difference -2000 and 10 - 26.67 = -16.67.
// 10/03: average  8800 / 4 = 2200; per m2  8800 / 450 = 19.56; difference -1400 and 8 - 19.56 = -11.56.
// Changes: 25.0 %, 36.4 %, -42.9 %; per m2 25.0 %, 36.4 %, -44.2 %.

async function fixture(t: TestApp) {
  t.clock.set("2025-03-12T15:00:00Z");
  const db: Db = t.db;
  const a = await contractOf(db, "tenant@demo.pe");
  const [cat] = await db.query<{ id: number }>(
    "insert into categories (name) values ('Rubro de prueba') returning id",
  );
  const [cebe] = await db.query<{ code: string }>("select code from cebes limit 1");
  await db.query("update contracts set category_id = $2, area = 100 where id = $1", [a.id, cat.id]);
  await db.query("delete from sales_closings where contract_id = $1", [a.id]);
  const put = (point: number, contract: number, day: string, amount: number) =>
    db.query(
      `insert into sales_closings (supply_point_id, contract_id, sale_date, amount, transactions, registered_at)
       values ($1, $2, $3, $4, 10, now())`,
      [point, contract, day, amount],
    );
  await put(a.points[0], a.id, "2025-03-10", 500);
  await put(a.points[1], a.id, "2025-03-10", 300);
  await put(a.points[0], a.id, "2025-03-11", 600);
  await put(a.points[1], a.id, "2025-03-11", 400);
  const peers: { id: number; tenantId: number }[] = [];
  for (const [i, area, d10, d11] of [[1, 50, 1500, 2000], [2, 100, 2500, 3000], [3, 200, 4000, 6000]]) {
    const [tenant] = await db.query<{ id: number }>(
      `insert into tenants (ruc, razon_social, nombre_comercial) values ($1, $2, $2) returning id`,
      [`2099999990${i}`, `Vecino ${i} S.A.C.`],
    );
    const [contract] = await db.query<{ id: number }>(
      `insert into contracts (code, tenant_id, mall_id, denominacion, category_id, cebe_code, area, start_date, end_date)
       values ($1, $2, 3, $3, $4, $5, $6, '2020-01-01', '2030-12-31') returning id`,
      [`PRUEBA-${i}`, tenant.id, `Vecino ${i}`, cat.id, cebe.code, area],
    );
    const [point] = await db.query<{ id: number }>(
      "insert into supply_points (contract_id, code, description) values ($1, $2, 'Caja') returning id",
      [contract.id, `SUM-PRUEBA-${i}`],
    );
    await put(point.id, contract.id, "2025-03-10", d10);
    await put(point.id, contract.id, "2025-03-11", d11);
    peers.push({ id: contract.id, tenantId: tenant.id });
  }
  return { a, peers };
}

forEachDb("dashboard cards equal the hand-computed figures", kinds, async (t) => {
  const { peers } = await fixture(t);
  const tenant = await t.signedIn("tenant@demo.pe");
  const r = await tenant.get("/api/tenant/dashboard/indicators");
  assert.equal(r.status, 200, r.text);
  assert.deepEqual(r.body.data, {
    date: "2025-03-11",
    area: 100,
    categoria: "Rubro de prueba",
    ventas: {
      ventaDia: { value: 1000, variation: 25 },
      ventaPromedioxRubro: { value: 3000, variation: 36.4 },
      diferencia: { value: -2000, variation: -42.9 },
    },
    ventasM2: {
      ventaDiaM2: { value: 10, variation: 25 },
      ventaPromedioxRubroM2: { value: 26.67, variation: 36.4 },
      diferencia: { value: -16.67, variation: -44.2 },
    },
  });

  // With only two other tenants in the category, its average would give a neighbour away: none is sent.
  await t.db.query("update contracts set tenant_id = $2 where id = $1", [peers[2].id, peers[1].tenantId]);
  const few = (await tenant.get("/api/tenant/dashboard/indicators")).body.data;
  assert.deepEqual(few.ventas.ventaPromedioxRubro, { value: null, variation: null });
  assert.deepEqual(few.ventas.diferencia, { value: null, variation: null });
  assert.deepEqual(few.ventasM2.ventaPromedioxRubroM2, { value: null, variation: null });
  assert.deepEqual(few.ventas.ventaDia, { value: 1000, variation: 25 });
  const avg = (await tenant.get("/api/tenant/dashboard/category-average?anio=2025")).body.data.table;
  assert.equal(avg[2].ventaPromedioRubro, null);
});

forEachDb("dashboard charts: monthly totals of two years and the category average", kinds, async (t) => {
  await fixture(t);
  const tenant = await t.signedIn("tenant@demo.pe");
  const monthly = (await tenant.get("/api/tenant/dashboard/monthly-sales?anio1=2024&anio2=2025")).body.data;
  assert.equal(monthly.anio1, 2024);
  assert.equal(monthly.anio2, 2025);
  assert.deepEqual(
    monthly.table,
    Array.from({ length: 12 }, (_, i) => ({
      mes: i + 1,
      ventaAnio1: 0,
      // March holds 800 + 1000; months after the clock's March are not drawn.
      ventaAnio2: i === 2 ? 1800 : i > 2 ? null : 0,
    })),
  );
  const avg = (await tenant.get("/api/tenant/dashboard/category-average?anio=2025")).body.data;
  assert.equal(avg.anio, 2025);
  // March: monthly totals 1800, 3500, 5500 and 10000 → average 20800 / 4 = 5200.
  assert.deepEqual(
    avg.table,
    Array.from({ length: 12 }, (_, i) => ({
      mes: i + 1,
      ventaPromedioRubro: i === 2 ? 5200 : null,
      ventaAnio: i === 2 ? 1800 : i > 2 ? null : 0,
    })),
  );
  // Registering the next day moves the cards: 12/03 becomes the day shown.
  const a = await contractOf(t.db, "tenant@demo.pe");
  const pending = (await tenant.get("/api/tenant/closings/pending")).body.data;
  assert.equal(pending.fechaPorRegistrar, "2025-03-12");
  await tenant.post("/api/tenant/closings", {
    fechaRegistro: "2025-03-12",
    suministros: a.points.map((id) => ({ idSuministroPorLocatario: id, venta: 750, transacciones: 5 })),
  });
  const moved = (await tenant.get("/api/tenant/dashboard/indicators")).body.data;
  assert.equal(moved.date, "2025-03-12");
  assert.deepEqual(moved.ventas.ventaDia, { value: 1500, variation: 50 });
  // No neighbour sold on the 12th yet: no average for that day.
  assert.deepEqual(moved.ventas.ventaPromedioxRubro, { value: null, variation: null });
});

forEachDb("dashboard validation: years from 2000 to 2100", kinds, async (t) => {
  const tenant = await t.signedIn("tenant@demo.pe");
  const bad = await tenant.get("/api/tenant/dashboard/monthly-sales?anio1=1999&anio2=abc");
  assert.deepEqual(bad.body.data, {
    anio1: "El año debe estar entre 2000 y 2100.",
    anio2: "Seleccione el segundo año.",
  });
  const none = await tenant.get("/api/tenant/dashboard/category-average");
  assert.deepEqual(none.body.data, { anio: "Seleccione el año." });
  const empty = await tenant.get("/api/tenant/dashboard/category-average?anio=2001");
  assert.ok(empty.body.data.table.every((r: { ventaAnio: number }) => r.ventaAnio === 0));
});
