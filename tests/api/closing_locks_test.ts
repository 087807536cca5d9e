// 'Bloquear Cierres' and the month close: status, idempotent locking, audit, and every closing write refused
// on a locked day or month (tenant through the API, staff or an import straight on the table) until unlocked.
import assert from "node:assert/strict";
import { addDays, monthYear } from "../../services/days.ts";
import { forEachDb } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { closingBody, contractOf, count, TODAY, YESTERDAY } from "../helpers/tenant.ts";

const kinds = await dbKinds();
const LOCK_DONE = "Cierre Exitoso";
const NOT_TODAY = "Solo se pueden bloquear los cierres al día de hoy.";
const MONTH_INVALID = "Ingresar un mes válido (MM/yyyy).";
const NO_PERMISSION = "El usuario no cuenta con los permisos necesarios.";
const dmy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
const mmYyyy = (d: string) => `${d.slice(5, 7)}/${d.slice(0, 4)}`;

/** A staff correction or an import: a write straight on the closings, as any future writer would make it. */
async function staffWrite(
  t: { db: { query: (s: string, p?: unknown[]) => Promise<unknown[]> } },
  day: string,
) {
  try {
    await t.db.query("update sales_closings set amount = amount + 1 where sale_date = $1", [day]);
    return null;
  } catch (e) {
    return e as { code?: string; message: string };
  }
}

forEachDb("'Bloquear Cierres': locks through today once, even when asked twice at once", kinds, async (t) => {
  const fin = await t.signedIn("finanzas@demo.pe");
  const before = await fin.get("/api/closing-locks");
  assert.equal(before.status, 200);
  assert.deepEqual(before.body.data, {
    ultimaFechaCierre: null,
    cierreBloqueado: false,
    hoy: TODAY,
    bloqueadoPor: null,
    bloqueadoEl: null,
    mesesCerrados: [],
  });

  const wrongDay = await fin.post("/api/closing-locks", { fecha: YESTERDAY });
  assert.equal(wrongDay.status, 422);
  assert.deepEqual(wrongDay.body.data, { fecha: NOT_TODAY });

  const [a, b] = await Promise.all([
    fin.post("/api/closing-locks", { fecha: TODAY }),
    fin.post("/api/closing-locks", { fecha: TODAY }),
  ]);
  for (const r of [a, b]) {
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.message, LOCK_DONE);
    const { bloqueadoEl, ...rest } = r.body.data;
    assert.deepEqual(rest, {
      ultimaFechaCierre: TODAY,
      cierreBloqueado: true,
      hoy: TODAY,
      bloqueadoPor: "Claudia Cornejo Llosa",
      mesesCerrados: [],
    });
    assert.ok(!Number.isNaN(Date.parse(bloqueadoEl)), bloqueadoEl);
  }
  assert.equal(await count(t.db, "select 1 from closing_locks"), 1);
  assert.equal(await count(t.db, "select 1 from audit_log where action = 'closing.lock'"), 1);
  const again = await fin.post("/api/closing-locks", { fecha: TODAY });
  assert.equal(again.status, 200);
  assert.equal(await count(t.db, "select 1 from closing_locks"), 1);

  // Every closing write of a locked day is refused: the tenant's registration and edit, and staff's.
  const reason = `Los cierres de ventas están bloqueados hasta el ${
    dmy(TODAY)
  }: no se pueden registrar ni modificar ventas de esas fechas.`;
  const tenantA = await contractOf(t.db, "tenant@demo.pe");
  const tenant = await t.signedIn("tenant@demo.pe");
  const reg = await tenant.post("/api/tenant/closings", closingBody(tenantA.points, YESTERDAY));
  assert.equal(reg.status, 409);
  assert.equal(reg.body.errorId, 449);
  assert.equal(reg.body.message, reason);
  const [old] = await t.db.query<{ id: number; sale_date: string }>(
    "select id, sale_date from sales_closings where contract_id = $1 order by sale_date desc limit 1",
    [tenantA.id],
  );
  const edit = await tenant.put(`/api/tenant/closings/${old.id}`, {
    ventasValor: 1,
    numeroTransacciones: 1,
    version: 0,
  });
  assert.equal(edit.body.errorId, 449);
  assert.equal(edit.body.message, reason);
  const staff = await staffWrite(t, String(old.sale_date).slice(0, 10));
  assert.equal(staff?.code, "CL441");
  assert.equal(staff?.message, reason);

  // Roles without BLOQUEAR_CIERRES, staff or tenant, are refused.
  for (const email of ["staff@demo.pe", "tenant@demo.pe"]) {
    const c = await t.signedIn(email);
    const r = await c.post("/api/closing-locks", { fecha: TODAY });
    assert.equal(r.status, 403, email);
    assert.equal(r.body.message, NO_PERMISSION);
  }
}, { isolation: "database" });

forEachDb(
  "month close: 'Bloquear' refuses every closing write of the month, 'Desbloquear' allows them again",
  kinds,
  async (t) => {
    const admin = await t.signedIn("admin@demo.pe");
    const month = mmYyyy(YESTERDAY);
    const status = await admin.get(`/api/closing-locks/month?cierreMes=${encodeURIComponent(month)}`);
    assert.equal(status.status, 200, status.text);
    assert.equal(status.body.data.bloqueado, false);
    const bad = await admin.post("/api/closing-locks/month", { cierreMes: "13/2024", bloquear: true });
    assert.deepEqual(bad.body.data, { cierreMes: MONTH_INVALID });

    const [l1, l2] = await Promise.all([
      admin.post("/api/closing-locks/month", { cierreMes: month, bloquear: true }),
      admin.post("/api/closing-locks/month", { cierreMes: month, bloquear: true }),
    ]);
    assert.equal(l1.status, 200, l1.text);
    assert.equal(l2.body.data.bloqueado, true);
    assert.equal(l1.body.data.usuario, "Ana Lucía Pérez Rojas");

    const closed = `El periodo ${
      monthYear(YESTERDAY)
    } está cerrado: no se pueden registrar ni modificar ventas de ese mes.`;
    const a = await contractOf(t.db, "tenant@demo.pe");
    const tenant = await t.signedIn("tenant@demo.pe");
    const before = await count(t.db, "select 1 from sales_closings");
    const reg = await tenant.post("/api/tenant/closings", closingBody(a.points, YESTERDAY));
    assert.equal(reg.body.errorId, 449);
    assert.equal(reg.body.message, closed);
    assert.equal(await count(t.db, "select 1 from sales_closings"), before);
    const [old] = await t.db.query<{ id: number; sale_date: string }>(
      "select id, to_char(sale_date, 'YYYY-MM-DD') as sale_date from sales_closings where sale_date < $1 and sale_date >= $2 order by sale_date desc limit 1",
      [YESTERDAY, `${YESTERDAY.slice(0, 7)}-01`],
    );
    if (old) {
      const staff = await staffWrite(t, old.sale_date);
      assert.equal(staff?.code, "CL441");
      assert.equal(staff?.message, closed);
    }

    const open = await admin.post("/api/closing-locks/month", { cierreMes: month, bloquear: false });
    assert.equal(open.body.data.bloqueado, false);
    const reg2 = await tenant.post("/api/tenant/closings", closingBody(a.points, YESTERDAY));
    assert.equal(reg2.status, 200, reg2.text);
    if (old) assert.equal(await staffWrite(t, old.sale_date), null);
    assert.deepEqual(
      (await t.db.query<{ action: string }>(
        "select action from audit_log where entity = 'period_lock' order by id",
      )).map((r) => r.action),
      ["closing.month_lock", "closing.month_unlock"],
    );
    // The month close is a superadmin utility: finance (BLOQUEAR_CIERRES, no SUPERADMIN_CONFIG) is refused.
    const fin = await t.signedIn("finanzas@demo.pe");
    assert.equal(
      (await fin.post("/api/closing-locks/month", { cierreMes: month, bloquear: true })).status,
      403,
    );
  },
  { isolation: "database" },
);

forEachDb(
  "the two locks tell one story: each status names the other's lock on the same days",
  kinds,
  async (t) => {
    const admin = await t.signedIn("admin@demo.pe");
    const fin = await t.signedIn("finanzas@demo.pe");
    const month = mmYyyy(TODAY);
    const monthPath = `/api/closing-locks/month?cierreMes=${encodeURIComponent(month)}`;
    assert.equal((await admin.get(monthPath)).body.data.bloqueoCierres, null);

    // A month closed with nothing locked by date: 'Bloquear Cierres' names it.
    const closed = await admin.post("/api/closing-locks/month", { cierreMes: month, bloquear: true });
    assert.equal(closed.status, 200, closed.text);
    assert.deepEqual((await fin.get("/api/closing-locks")).body.data.mesesCerrados, [month]);

    // Locked through today: the month's status says how far the date lock reaches into it, even unlocked.
    assert.equal((await fin.post("/api/closing-locks", { fecha: TODAY })).status, 200);
    await admin.post("/api/closing-locks/month", { cierreMes: month, bloquear: false });
    const monthEnd = new Date(Date.UTC(Number(TODAY.slice(0, 4)), Number(TODAY.slice(5, 7)), 0))
      .toISOString().slice(0, 10);
    const status = (await admin.get(monthPath)).body.data;
    assert.equal(status.bloqueado, false);
    assert.deepEqual(status.bloqueoCierres, { hasta: TODAY, mesCompleto: TODAY === monthEnd });
    // The month before today's is wholly covered; a later one not at all.
    const prev = mmYyyy(addDays(`${TODAY.slice(0, 7)}-01`, -1));
    assert.deepEqual(
      (await admin.get(`/api/closing-locks/month?cierreMes=${encodeURIComponent(prev)}`)).body.data
        .bloqueoCierres,
      { hasta: addDays(`${TODAY.slice(0, 7)}-01`, -1), mesCompleto: true },
    );
    const next = mmYyyy(addDays(monthEnd, 1));
    assert.equal(
      (await admin.get(`/api/closing-locks/month?cierreMes=${encodeURIComponent(next)}`)).body.data
        .bloqueoCierres,
      null,
    );
    // A closed month after the date lock is still named; one it wholly covers is not.
    await admin.post("/api/closing-locks/month", { cierreMes: next, bloquear: true });
    await admin.post("/api/closing-locks/month", { cierreMes: prev, bloquear: true });
    assert.deepEqual((await fin.get("/api/closing-locks")).body.data.mesesCerrados, [next]);
  },
  { isolation: "database" },
);
