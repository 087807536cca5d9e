// Lista Roja and the closing reminders: the compliance figures equal a PostgreSQL count of the closings, a
// closing registered now leaves the missing list, the permission; the daily job with a fixed clock reminds
// each contract missing yesterday's closing once (none to one that registered, none again after a restart),
// the weekly summary goes once, staff reminders never repeat a contract the same day.
import assert from "node:assert/strict";
import { runReminderJob } from "../../services/compliance.ts";
import { weekOf } from "../../services/reminders_plan.ts";
import { forEachDb } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { closingBody, contractOf, TODAY, YESTERDAY } from "../helpers/tenant.ts";

const kinds = await dbKinds();
const NO_PERMISSION = "El usuario no cuenta con los permisos necesarios.";
const KEYS: Record<number, string> = {
  2: "arequipa",
  3: "santaAnita",
  6: "chiclayo",
  7: "iquitos",
  8: "sjl",
};
/** 10:00 in Lima (UTC−5) of the seed's today: after the job's hour. */
const MORNING = `${TODAY}T15:00:00Z`;

/** Per mall: contracts in operation yesterday and those with a closing on every day of the month to yesterday. */
async function pgCompliance(t: { db: { query<T>(s: string, p?: unknown[]): Promise<T[]> } }) {
  return await t.db.query<{ mall_id: number; total: number; compliant: number }>(
    `with d as (select $1::date as y, date_trunc('month', $1::date)::date as m0),
     sc as (
       select c.id, c.mall_id, greatest(d.m0, coalesce(c.op_start, c.start_date)) as f, d.y
         from contracts c cross join d
        where coalesce(c.op_start, c.start_date) <= d.y and (c.op_end is null or c.op_end >= d.y)
          and exists (select 1 from supply_points p where p.contract_id = c.id and p.active))
     select mall_id, count(*)::int as total,
            count(*) filter (where (select count(distinct s.sale_date) from sales_closings s
                                     where s.contract_id = sc.id and s.sale_date between sc.f and sc.y) = sc.y - sc.f + 1)::int
              as compliant
       from sc group by mall_id order by mall_id`,
    [YESTERDAY],
  );
}

forEachDb(
  "lista roja: figures equal a count of the closings; a closing registered now leaves the list",
  kinds,
  async (t) => {
    t.clock.set(MORNING);
    const staff = await t.signedIn("staff@demo.pe");
    const read = async (q = "") => {
      const r = await staff.get(`/api/lista-roja${q}`);
      assert.equal(r.status, 200, r.text);
      return r.body.data;
    };
    const before = await read();
    assert.equal(before.fechaCumplimiento, YESTERDAY);
    let total = 0, compliant = 0;
    for (const m of await pgCompliance(t)) {
      const card = before.cumplimiento[KEYS[m.mall_id]];
      assert.equal(card.locatariosCumplidos, m.compliant, `compliant of mall ${m.mall_id}`);
      assert.equal(card.locatariosFaltantes, m.total - m.compliant, `missing of mall ${m.mall_id}`);
      assert.equal(card.porcentajeCumplimiento, Math.round(m.compliant / m.total * 1000) / 10);
      total += m.total;
      compliant += m.compliant;
    }
    assert.equal(before.cumplimiento.locatariosTotales, total);
    assert.equal(before.cumplimiento.locatariosCumplidosTotales, compliant);
    assert.equal(before.table.length, total - compliant, "every missing contract is listed");

    const a = await contractOf(t.db, "tenant@demo.pe");
    const row = before.table.find((r: { codContrato: string }) => r.codContrato === a.code);
    assert.ok(row, "tenant@'s contract misses yesterday's closing");
    assert.equal(row.diasFaltantesCierre, 1);
    // Filters: mall, contract code, CeBe.
    const byCode = await read(
      `?unidadEconomicaId=${row.unidadEconomicaId}&codigoContratoId=${a.code.slice(-4)}`,
    );
    assert.ok(byCode.table.some((r: { codContrato: string }) => r.codContrato === a.code));
    assert.ok(
      byCode.table.every((r: { unidadEconomicaId: number }) => r.unidadEconomicaId === row.unidadEconomicaId),
    );
    const byCebe = await read(`?unidadEconomicaId=${row.unidadEconomicaId}&cebeId=${row.cebe}`);
    assert.ok(byCebe.table.length >= 1 && byCebe.table.every((r: { cebe: string }) => r.cebe === row.cebe));
    assert.ok(byCebe.cebes.some((c: { value: string }) => c.value === row.cebe));

    // The tenant registers yesterday's closing: the contract leaves the list at once.
    const tenant = await t.signedIn("tenant@demo.pe");
    const saved = await tenant.post("/api/tenant/closings", closingBody(a.points, YESTERDAY));
    assert.equal(saved.status, 200, saved.text);
    const after = await read();
    assert.ok(!after.table.some((r: { codContrato: string }) => r.codContrato === a.code));
    assert.equal(after.cumplimiento.locatariosCumplidosTotales, compliant + 1);

    // Permission.
    const other = await t.signedIn("cobranza@demo.pe");
    const denied = await other.get("/api/lista-roja");
    assert.equal(denied.status, 403);
    assert.equal(denied.body.message, NO_PERMISSION);
    assert.equal((await tenant.get("/api/lista-roja")).body.errorId, 600);
    assert.equal((await other.post("/api/lista-roja/recordatorios", { unidadEconomicaId: 3 })).status, 403);
  },
);

forEachDb(
  "reminders: one per missing contract a day, none after registering, none twice, the weekly summary once",
  kinds,
  async (t) => {
    const a = await contractOf(t.db, "tenant@demo.pe");
    const c = await contractOf(t.db, "tenant2@demo.pe");
    const mails = async (to: string) =>
      (await t.db.query<{ n: number }>(
        "select count(*)::int as n from mail_outbox where lower(to_address) = $1 and subject = 'Recordatorio: cierre de ventas pendiente'",
        [to],
      ))[0].n;
    const reminders = async () =>
      await t.db.query<{ contract_id: number; day: string; kind: string }>(
        "select contract_id, day::text as day, kind from closing_reminders order by contract_id",
      );

    // Before the hour nothing happens.
    t.clock.set(`${TODAY}T12:00:00Z`); // 07:00 Lima
    assert.equal((await runReminderJob(t.ctx)).due, false);
    assert.equal((await reminders()).length, 0);

    // tenant@ registers yesterday; tenant2@ does not.
    t.clock.set(MORNING);
    const tenant = await t.signedIn("tenant@demo.pe");
    assert.equal((await tenant.post("/api/tenant/closings", closingBody(a.points, YESTERDAY))).status, 200);
    const missingYesterday = await t.db.query<{ id: number }>(
      `select c.id from contracts c
      where coalesce(c.op_start, c.start_date) <= $1::date and (c.op_end is null or c.op_end >= $1::date)
        and exists (select 1 from supply_points p where p.contract_id = c.id and p.active)
        and exists (select 1 from contract_users cu join users u on u.id = cu.user_id where cu.contract_id = c.id and u.state = 'A')
        and not exists (select 1 from sales_closings s where s.contract_id = c.id and s.sale_date = $1::date)
      order by c.id`,
      [YESTERDAY],
    );
    const first = await runReminderJob(t.ctx);
    assert.ok(first.dailyRan);
    assert.deepEqual(
      first.reminded,
      missingYesterday.map((r) => r.id),
      "every contract missing yesterday, once",
    );
    assert.ok(first.reminded.includes(c.id));
    assert.ok(!first.reminded.includes(a.id), "none to a contract that registered");
    assert.ok(first.weeklySent > 0, "the week's summary to staff");
    assert.equal(await mails("tenant2@demo.pe"), 1);
    assert.equal(await mails("tenant@demo.pe"), 0);
    const weekly = async () =>
      (await t.db.query<{ n: number }>(
        "select count(*)::int as n from mail_outbox where subject like 'Resumen semanal%'",
      ))[0].n;
    const weeklyAfterFirst = await weekly();
    assert.equal(weeklyAfterFirst, first.weeklySent);

    // The bell of tenant2@ shows the reminder.
    const t2 = await t.signedIn("tenant2@demo.pe");
    const bell = await t2.get("/api/notifications");
    assert.ok(bell.body.data.some((g: { id: string }) => g.id === "recordatorios-cierre"), bell.text);

    // A restart (another pass, another process) the same day sends nothing again.
    t.clock.advance(3 * 3600_000);
    const again = await runReminderJob(t.ctx);
    assert.deepEqual([again.dailyRan, again.reminded.length, again.weeklySent], [false, 0, 0]);
    assert.equal(await mails("tenant2@demo.pe"), 1);
    assert.equal(await weekly(), weeklyAfterFirst);

    // Staff from the Lista Roja: the contract reminded today is skipped; tenant@'s registered one is not listed.
    const staff = await t.signedIn("staff@demo.pe");
    const one = await staff.post("/api/lista-roja/recordatorios", {
      unidadEconomicaId: 2,
      codContrato: c.code,
    });
    assert.equal(one.status, 200, one.text);
    assert.deepEqual(one.body.data, { enviados: 0, omitidos: 1 });
    assert.equal(await mails("tenant2@demo.pe"), 1, "never twice the same day");
    const notListed = await staff.post("/api/lista-roja/recordatorios", {
      unidadEconomicaId: 3,
      codContrato: a.code,
    });
    assert.equal(notListed.status, 422);
    assert.equal((await t.db.query("select 1 from audit_log where action = 'compliance.remind'")).length, 1);
    const list = await staff.get("/api/lista-roja?unidadEconomicaId=2");
    const row = list.body.data.table.find((r: { codContrato: string }) => r.codContrato === c.code);
    assert.ok(row.fechaUltimoRecordatorio, "the last reminder is shown");

    // The next day: a new run reminds again (a new day); the summary only when a new week began.
    t.clock.set(new Date(Date.parse(MORNING) + 86_400_000));
    const next = await runReminderJob(t.ctx);
    assert.ok(next.dailyRan);
    assert.ok(next.reminded.includes(c.id));
    const tomorrow = new Date(Date.parse(MORNING) + 86_400_000).toISOString().slice(0, 10);
    assert.equal(next.weeklySent > 0, weekOf(tomorrow) !== weekOf(TODAY));
    const rows = await reminders();
    assert.equal(rows.filter((r) => r.contract_id === c.id).length, 2, "one a day");
    assert.ok(rows.every((r) => r.kind === "auto"));
  },
);

// Two processes on one PostgreSQL: both passes start at once, one claims the day, the other sends nothing.
forEachDb(
  "reminders: two passes at once (two processes) send each reminder once",
  kinds.filter((k) => k === "postgres"),
  async (t) => {
    t.clock.set(MORNING);
    const [a, b] = await Promise.all([runReminderJob(t.ctx), runReminderJob(t.ctx)]);
    assert.equal([a, b].filter((r) => r.dailyRan).length, 1, "one pass ran the day");
    const sent = a.reminded.length + b.reminded.length;
    assert.ok(sent > 0);
    const [{ n, contracts }] = await t.db.query<{ n: number; contracts: number }>(
      "select count(*)::int as n, count(distinct contract_id)::int as contracts from closing_reminders",
    );
    assert.deepEqual([n, contracts], [sent, sent]);
    assert.equal(a.weeklySent + b.weeklySent > 0, true);
    assert.equal([a, b].filter((r) => r.weeklySent > 0).length, 1, "the summary once");
  },
  { isolation: "database" },
);
