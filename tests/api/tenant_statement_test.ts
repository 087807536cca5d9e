import assert from "node:assert/strict";
import { forEachDb } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { closingBody, contractOf, count, TODAY, YESTERDAY } from "../helpers/tenant.ts";

const kinds = await dbKinds();

forEachDb("account statement: every tenant has one; totals match the open documents", kinds, async (t) => {
  const a = await contractOf(t.db, "tenant@demo.pe");
  assert.equal(
    await count(
      t.db,
      "select 1 from tenants t where not exists (select 1 from customer_statements s where s.tenant_id = t.id)",
    ),
    await count(
      t.db,
      `select 1 from tenants t where not exists (select 1 from contracts c where c.tenant_id = t.id
         and coalesce(c.op_start, c.start_date) <= $1 and (c.op_end is null or c.op_end >= $1::date - 182))`,
      [TODAY],
    ),
    "every customer billed in the last six months has a statement",
  );
  const tenant = await t.signedIn("financiero@demo.pe");
  const r = await tenant.get("/api/tenant/statement");
  assert.equal(r.status, 200, r.text);
  const s = r.body.data;
  assert.equal(s.ruc, a.ruc);
  assert.equal(s.razonSocial, "Inversiones Andinas S.A.C.");
  assert.equal(s.fecha, TODAY);
  for (const k of ["direccion", "ejecutivoComercial", "ejecutivoCobranza", "condicionPago"]) {
    assert.ok(s[k], k);
  }
  // Every contract of the RUC with collections, with its indicators.
  const codes = await t.db.query<{ code: string }>(
    "select c.code from contract_collections cc join contracts c on c.id = cc.contract_id where c.tenant_id = $1 order by c.code",
    [a.tenantId],
  );
  assert.deepEqual(
    s.contratos.map((c: { codigoContrato: string }) => c.codigoContrato),
    codes.map((c) => c.code),
  );
  assert.ok(s.contratos.some((c: { codigoContrato: string }) => c.codigoContrato === a.code));
  // Totals by currency, computed here straight from the documents.
  const sums = await t.db.query<{ currency: string; total: number; overdue: number }>(
    `select currency, sum(balance) as total, coalesce(sum(balance) filter (where due_on < $2), 0) as overdue
       from receivables where tenant_id = $1 group by currency`,
    [a.tenantId, TODAY],
  );
  for (const [cur, key] of [["PEN", "soles"], ["USD", "dolares"]] as const) {
    const row = sums.find((x) => x.currency === cur);
    const total = Number(row?.total ?? 0), overdue = Number(row?.overdue ?? 0);
    assert.equal(s.cobranza[key].total, total, `${key} total`);
    assert.equal(s.cobranza[key].vencidas, overdue, `${key} overdue`);
    assert.equal(s.cobranza[key].noVencidas, Number((total - overdue).toFixed(2)), `${key} not overdue`);
    assert.equal(
      s.cobranza[key].vencidasPorcentaje,
      total ? Number(((overdue / total) * 100).toFixed(1)) : 0,
    );
  }
  // The demo customer pays a little late: some debt in both currencies, the oldest 1 to 30 days late.
  assert.ok(s.cobranza.soles.vencidas > 0 && s.cobranza.dolares.total > 0);
  const [oldest] = await t.db.query<{ days: number }>(
    "select ($2::date - min(due_on)) as days from receivables where tenant_id = $1 and due_on < $2",
    [a.tenantId, TODAY],
  );
  assert.equal(s.diasFechaMasAntigua, oldest.days);
  assert.ok(s.diasFechaMasAntigua >= 1 && s.diasFechaMasAntigua <= 30, `${s.diasFechaMasAntigua}`);
  // The brackets add up to the totals.
  const bracketSum = (k: "soles" | "dolares") =>
    Number(
      s.cobranza.tramoAntiguedad.reduce((n: number, b: Record<string, number>) => n + b[k], 0).toFixed(2),
    );
  assert.equal(bracketSum("soles"), s.cobranza.soles.total);
  assert.equal(bracketSum("dolares"), s.cobranza.dolares.total);
  assert.equal(s.cobranza.tramoAntiguedad[0].tramo, "Por vencer");
  // Overdue documents, most overdue first, each with its detail.
  assert.equal(
    s.deudasVencidas.length,
    await count(t.db, "select 1 from receivables where tenant_id = $1 and due_on < $2", [a.tenantId, TODAY]),
  );
  assert.equal(s.deudasVencidas[0].atrasoDias, s.diasFechaMasAntigua);
  const debt = s.deudasVencidas[0];
  const detail = (await tenant.get(`/api/tenant/statement/debts/${debt.idDeuda}`)).body.data;
  assert.equal(detail.referencia, debt.referencia);
  assert.equal(detail.saldo, debt.importe);
  assert.equal(detail.diasAtraso, debt.atrasoDias);
  assert.equal(detail.denominacionEconomica, debt.mall);
  assert.equal(s.cuentasRecaudadoras.length, 4);
  assert.ok(
    s.cuentasRecaudadoras.every((c: { cuentaSoles: string; cciCuentaSoles: string }) =>
      c.cuentaSoles && c.cciCuentaSoles
    ),
  );
  // The guarantees in force of every contract of the RUC (a renewed detail is replaced by its renewal).
  const inForce = await t.db.query<{ code: string; importe: number | null }>(
    `select c.code, d.importe from guarantee_details d join guarantees g on g.id = d.guarantee_id
       join contracts c on c.id = g.contract_id where c.tenant_id = $1 and not d.is_renovada
      order by c.code, d.fecha_vencimiento nulls last, d.id`,
    [a.tenantId],
  );
  assert.ok(inForce.length > 0, "the demo customer has guarantees");
  assert.deepEqual(
    s.garantias.map((g: { nroContrato: string; importe: number | null }) => [g.nroContrato, g.importe]),
    inForce.map((g) => [g.code, g.importe == null ? null : Number(g.importe)]),
  );
  assert.ok(s.garantias.every((g: { nombreMall: string; estado: string }) => g.nombreMall && g.estado));
  assert.equal((await tenant.get("/api/tenant/statement/debts/99999999")).status, 404);
  assert.equal((await tenant.get("/api/tenant/statement/debts/abc")).status, 422);

  // tenant2's customer pays on time.
  const other = (await (await t.signedIn("tenant2@demo.pe")).get("/api/tenant/statement")).body.data;
  assert.equal(other.diasFechaMasAntigua, 0);
  assert.notEqual(other.ruc, a.ruc);
});

forEachDb(
  "notifications: a tenant's missing closing, staff's contracts without closings",
  kinds,
  async (t) => {
    const a = await contractOf(t.db, "tenant@demo.pe");
    const tenant = await t.signedIn("tenant@demo.pe");
    const mine = (await tenant.get("/api/notifications")).body.data;
    assert.equal(mine.length, 1);
    assert.equal(mine[0].label, "Cierres de ventas pendientes");
    assert.deepEqual(mine[0].perfiles, [2, 3]);
    assert.equal(mine[0].notificaciones[0].value1, a.code);
    assert.match(mine[0].notificaciones[0].value2, /falta el cierre del \d{2}\/\d{2}\/\d{4}$/);
    const staff = await t.signedIn("staff@demo.pe");
    const staffGroups = (await staff.get("/api/notifications")).body.data;
    assert.equal(staffGroups.length, 1);
    assert.equal(staffGroups[0].label, "Contratos con cierres faltantes");
    assert.ok(staffGroups[0].perfiles.includes(5));
    const staffItem = staffGroups[0].notificaciones.find((n: { value1: string }) => n.value1 === a.code);
    assert.match(staffItem.value2, /1 día\(s\) sin registrar ASA$/);
    // A role without either permission sees no group.
    assert.deepEqual((await (await t.signedIn("pruebas@demo.pe")).get("/api/notifications")).body.data, []);
    assert.equal((await t.client().get("/api/notifications")).status, 401);

    // Once yesterday is registered the tenant's group is gone and the contract leaves staff's list.
    await tenant.post("/api/tenant/closings", closingBody(a.points, YESTERDAY));
    assert.deepEqual((await tenant.get("/api/notifications")).body.data, []);
    const after = (await staff.get("/api/notifications")).body.data;
    assert.ok(!JSON.stringify(after).includes(a.code));
  },
);
