// The guarantees' expiry notices (issue 16, 'Beyond the old system'): the daily job mails the letter's tenant
// guarantee users and the collections reviewers on each offset of 'Días de aviso antes del vencimiento', puts
// the letter in the bell, once per offset per letter: never twice the same day, nor after a restart that lost
// the day's claim, nor another day for an offset already sent; the switch turns it off. Fixed clock.
import assert from "node:assert/strict";
import { addDays } from "../../services/days.ts";
import { dueOffset, parseOffsets, runExpiryJob } from "../../services/guarantees/expiry_job.ts";
import { forEachDb, type TestApp } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";

const kinds = await dbKinds();

const DAY = "2026-03-02";
/** 10:00 in Lima on a day `n` days after DAY. */
const morning = (n: number) => `${addDays(DAY, n)}T15:00:00Z`;
const SUBJECT = "Aviso: cartas fianza por vencer";

Deno.test("expiry offsets: the smallest offset not below the days left; none once expired", () => {
  assert.deepEqual(parseOffsets("15, 45,30,30"), [45, 30, 15]);
  const o = [45, 30, 15];
  assert.deepEqual([46, 45, 44, 30, 29, 15, 0, -1].map((d) => dueOffset(d, o)), [
    null,
    45,
    45,
    30,
    30,
    15,
    15,
    null,
  ]);
});

/** One current bank letter of garantias@'s contract expiring 45 days after DAY; every other letter far away. */
async function oneLetter(t: TestApp): Promise<{ id: number; contractId: number }> {
  const [{ contract_id: contractId }] = await t.db.query<{ contract_id: number }>(
    `select cu.contract_id from contract_users cu join users u on u.id = cu.user_id
      where u.email = 'garantias@demo.pe' order by cu.is_default desc, cu.contract_id limit 1`,
  );
  const [{ id, guarantee_id }] = await t.db.query<{ id: number; guarantee_id: number }>(
    `select id, guarantee_id from guarantee_details where type_code = 'GAR1' and not is_renovada
        and not is_desistida and not is_ejecutada order by id limit 1`,
  );
  await t.db.query("update guarantees set contract_id = $1 where id = $2", [contractId, guarantee_id]);
  await t.db.query("update contracts set op_end = null where id = $1", [contractId]);
  await t.db.query(
    "update guarantee_details set fecha_emision = '2025-01-01', fecha_vencimiento = '2031-01-01' where type_code = 'GAR1'",
  );
  await t.db.query("update guarantee_details set fecha_vencimiento = $2::date where id = $1", [
    id,
    addDays(DAY, 45),
  ]);
  return { id, contractId };
}

const mails = async (t: TestApp, to: string) =>
  (await t.db.query<{ n: number }>(
    "select count(*)::int as n from mail_outbox where lower(to_address) = $1 and subject = $2",
    [to, SUBJECT],
  ))[0].n;

forEachDb(
  "expiry notices: once per offset per letter, never twice (same day, restart, later day)",
  kinds,
  async (t) => {
    const letter = await oneLetter(t);
    const notices = async () =>
      (await t.db.query<{ detail_id: number; offset_days: number }>(
        "select detail_id, offset_days from guarantee_expiry_notices order by offset_days desc",
      )).map((r) => [r.detail_id, r.offset_days]);

    // Before 09:00 Lima nothing happens.
    t.clock.set(`${DAY}T12:00:00Z`);
    assert.equal((await runExpiryJob(t.ctx)).due, false);

    // 45 days before: the notice of offset 45, mailed to the tenant's guarantee user and collections.
    t.clock.set(morning(0));
    const first = await runExpiryJob(t.ctx);
    assert.ok(first.ran);
    assert.deepEqual(first.notices, [{ detailId: letter.id, offset: 45 }]);
    assert.equal(await mails(t, "garantias@demo.pe"), 1);
    assert.equal(await mails(t, "cobranza@demo.pe"), 1);
    const [mail] = await t.db.query<{ body_text: string }>(
      "select body_text from mail_outbox where to_address = 'cobranza@demo.pe' and subject = $1",
      [SUBJECT],
    );
    assert.match(mail.body_text, new RegExp(`vence el ${addDays(DAY, 45).split("-").reverse().join("/")}`));

    // The bell of both shows the letter.
    for (const who of ["garantias@demo.pe", "cobranza@demo.pe"]) {
      const bell = await (await t.signedIn(who)).get("/api/notifications");
      const g = bell.body.data.find((x: { id: string }) => x.id === "cartas-fianza-por-vencer");
      assert.ok(g, `${who}: ${bell.text}`);
      assert.equal(g.notificaciones.length, 1);
    }

    // Another pass the same day (another process): nothing. A restart that lost the day's claim: nothing.
    t.clock.advance(2 * 3600_000);
    assert.equal((await runExpiryJob(t.ctx)).ran, false);
    await t.db.query("delete from job_runs where job = 'guarantee_expiry_notices'");
    const restarted = await runExpiryJob(t.ctx);
    assert.ok(restarted.ran);
    assert.deepEqual(restarted.notices, []);
    // The next day (44 days left, offset 45 sent): nothing.
    t.clock.set(morning(1));
    assert.deepEqual((await runExpiryJob(t.ctx)).notices, []);
    assert.equal(await mails(t, "garantias@demo.pe"), 1);

    // 30 days before: offset 30, once.
    t.clock.set(morning(15));
    assert.deepEqual((await runExpiryJob(t.ctx)).notices, [{ detailId: letter.id, offset: 30 }]);
    await t.db.query("delete from job_runs where job = 'guarantee_expiry_notices'");
    assert.deepEqual((await runExpiryJob(t.ctx)).notices, []);

    // The 15-day run missed (no pass that day): caught up the day after, once.
    t.clock.set(morning(31));
    assert.deepEqual((await runExpiryJob(t.ctx)).notices, [{ detailId: letter.id, offset: 15 }]);
    t.clock.set(morning(32));
    assert.deepEqual((await runExpiryJob(t.ctx)).notices, []);

    assert.deepEqual(await notices(), [[letter.id, 45], [letter.id, 30], [letter.id, 15]]);
    assert.equal(await mails(t, "garantias@demo.pe"), 3);
    assert.equal(await mails(t, "cobranza@demo.pe"), 3);

    // Switched off in /configuracion-garantias: the job does nothing.
    const admin = await t.signedIn("admin@demo.pe");
    const list = (await admin.get("/api/guarantee-parameters")).body.data.table;
    const sw = list.find((p: { nombre: string }) =>
      p.nombre === "Avisar por correo el vencimiento de las cartas fianza"
    );
    assert.equal(
      (await admin.put("/api/guarantee-parameters", { codigo: sw.codigo, value: "0", version: sw.version }))
        .status,
      200,
    );
    t.clock.set(morning(33));
    const off = await runExpiryJob(t.ctx);
    assert.deepEqual([off.due, off.ran], [false, false]);

    // A renewed letter leaves the bell.
    await t.db.query("update guarantee_details set is_renovada = true where id = $1", [letter.id]);
    const bell = await (await t.signedIn("cobranza@demo.pe")).get("/api/notifications");
    assert.ok(!bell.body.data.some((x: { id: string }) => x.id === "cartas-fianza-por-vencer"));
  },
);

// Two processes on one PostgreSQL: both passes at once, one claims the day, each notice is sent once.
forEachDb(
  "expiry notices: two passes at once send each notice once",
  kinds.filter((k) => k === "postgres"),
  async (t) => {
    const letter = await oneLetter(t);
    t.clock.set(morning(0));
    const [a, b] = await Promise.all([runExpiryJob(t.ctx), runExpiryJob(t.ctx)]);
    assert.equal([a, b].filter((r) => r.ran).length, 1);
    assert.deepEqual([...a.notices, ...b.notices], [{ detailId: letter.id, offset: 45 }]);
    assert.equal(await mails(t, "cobranza@demo.pe"), 1);
  },
  { isolation: "database" },
);

// The dashboard's 'próximos 90 días' by mall and bank equals a count written here (the boundaries included).
forEachDb("dashboard: letters coming due in the next 90 days by mall and bank", kinds, async (t) => {
  t.clock.set(morning(0));
  const [a, b] = await t.db.query<{ id: number }>(
    "select id from guarantee_details where type_code = 'GAR1' and not is_renovada order by id limit 2",
  );
  await t.db.query("update guarantee_details set fecha_emision = '2025-01-01' where id = any($1::int[])", [[
    a.id,
    b.id,
  ]]);
  await t.db.query("update guarantee_details set fecha_vencimiento = $2::date where id = $1", [
    a.id,
    addDays(DAY, 90),
  ]);
  await t.db.query("update guarantee_details set fecha_vencimiento = $2::date where id = $1", [
    b.id,
    addDays(DAY, 91),
  ]);
  const expected = await t.db.query<{ mall: string; banco: string; n: number }>(
    `select m.name as mall, coalesce(b.name, '-') as banco, count(*)::int as n
       from guarantee_details d join guarantees g on g.id = d.guarantee_id join contracts c on c.id = g.contract_id
       join malls m on m.id = c.mall_id left join banks b on b.id = d.bank_id
      where d.type_code = 'GAR1' and not d.is_renovada and d.fecha_vencimiento >= $1::date
        and d.fecha_vencimiento <= $1::date + 90
      group by 1, 2 order by 1, 2`,
    [DAY],
  );
  const co = await t.signedIn("cobranza@demo.pe");
  const panel = (await co.get("/api/guarantee-dashboard/expiry")).body.data;
  const got = (panel.proximos as { mall: string; banco: string; cantidad: number }[])
    .map((r) => ({ mall: r.mall, banco: r.banco, n: r.cantidad }))
    .sort((x, y) => x.mall.localeCompare(y.mall) || x.banco.localeCompare(y.banco));
  const sorted = [...expected].sort((x, y) => x.mall.localeCompare(y.mall) || x.banco.localeCompare(y.banco));
  assert.deepEqual(got, sorted);
  const total = got.reduce((n, r) => n + r.n, 0);
  assert.ok(total >= 1, "the letter expiring in 90 days is counted");
  await t.db.query("update guarantee_details set fecha_vencimiento = $2::date where id = $1", [
    a.id,
    addDays(DAY, 92),
  ]);
  const after = (await co.get("/api/guarantee-dashboard/expiry")).body.data.proximos as {
    cantidad: number;
  }[];
  assert.equal(after.reduce((n, r) => n + r.cantidad, 0), total - 1, "nor after 90 days");
});
