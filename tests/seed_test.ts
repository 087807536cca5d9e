// The demo data: deterministic (same seed and day, same rows) and shaped like a real operator's.

import assert from "node:assert/strict";
import { type Db, openPglite, type PgliteDb } from "../services/db.ts";
import { migrate } from "../services/migrate.ts";
import { verifyPassword } from "../services/passwords.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../fixtures/accounts.ts";
import { overlaps, type Rect } from "../fixtures/layout.ts";
import { seedDemo, type SeedSummary } from "../fixtures/seed.ts";

const TODAY = "2026-06-10";
const YESTERDAY = "2026-06-09";
const DAY_BEFORE = "2026-06-08";

/** Columns left out of the digest: salted hashes, and the few values random by design. */
const NOT_DETERMINISTIC: Record<string, string[] | "*"> = {
  users: ["password_hash"],
  // A random name per database, so browser caches of another database never match.
  extract_epoch: "*",
};

async function freshDb(): Promise<PgliteDb> {
  const db = await openPglite();
  await migrate(db);
  return db;
}

async function seeded(seed?: number): Promise<{ db: PgliteDb; summary: SeedSummary }> {
  const db = await freshDb();
  try {
    return { db, summary: await seedDemo(db, { scale: "small", today: TODAY, seed }) };
  } catch (err) {
    await db.close();
    throw err;
  }
}

/** Row count and md5 of every table's rows in primary-key order (columns defaulting to now() left out). */
async function digest(db: Db): Promise<Record<string, { rows: number; md5: string }>> {
  const columns = await db.query<{ table_name: string; column_name: string; column_default: string | null }>(
    `select c.table_name::text, c.column_name::text, c.column_default::text
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`,
  );
  const keys = await db.query<{ table_name: string; cols: string }>(
    `select i.indrelid::regclass::text as table_name,
            string_agg(quote_ident(a.attname), ', ' order by array_position(i.indkey, a.attnum)) as cols
       from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indisprimary
      group by 1`,
  );
  const pk = new Map(keys.map((k) => [k.table_name, k.cols]));
  const out: Record<string, { rows: number; md5: string }> = {};
  for (const table of [...new Set(columns.map((c) => c.table_name))]) {
    const skip = NOT_DETERMINISTIC[table] ?? [];
    if (skip === "*") continue;
    const cols = columns
      .filter((c) => c.table_name === table && !skip.includes(c.column_name))
      .filter((c) => !/now\(\)|current_timestamp/i.test(c.column_default ?? ""))
      .map((c) => `"${c.column_name}"`);
    const order = pk.get(table) ?? "t::text";
    const [row] = await db.query<{ rows: number; md5: string }>(
      `select count(*)::int as rows, coalesce(md5(string_agg(t::text, E'\\n' order by ${order})), '') as md5
         from (select ${cols.join(", ")} from "${table}") t`,
    );
    out[table] = row;
  }
  return out;
}

// Seeding takes about ten seconds: the first seed serves both tests, the second shows it is repeatable,
// and the shape test, the last of the file, closes the first.
let first: ReturnType<typeof seeded> | undefined;
const firstSeed = () => first ??= seeded();

Deno.test("seedDemo() gives identical data for the same seed", async () => {
  const a = await firstSeed();
  const b = await seeded();
  try {
    assert.deepEqual(b.summary.counts, a.summary.counts);
    assert.deepEqual(b.summary.demoContracts, a.summary.demoContracts);
    const [da, db] = [await digest(a.db), await digest(b.db)];
    assert.ok(da.sales_closings.rows > 50_000, "closings were written");
    assert.deepEqual(db, da);
  } finally {
    await b.db.close();
  }
});

Deno.test("seedDemo() gives the shape of a real operator's data and refuses to seed twice", async () => {
  const { db, summary } = await firstSeed();
  const q = <T>(sql: string, params: unknown[] = []) => db.query<T>(sql, params);
  try {
    // Five malls, each with running contracts (about 6–10 contracts a mall at small scale).
    const malls = await q<{ mall_id: number; n: number; running: number }>(
      `select mall_id, count(*)::int as n,
              count(*) filter (where op_start <= $1::date and op_end is null)::int as running
         from contracts group by 1 order by 1`,
      [TODAY],
    );
    assert.deepEqual(malls.map((m) => m.mall_id), [2, 3, 6, 7, 8]);
    for (const m of malls) {
      assert.ok(m.n >= 5 && m.n <= 12, `mall ${m.mall_id}: ${m.n} contracts`);
      assert.ok(m.running >= 3, `mall ${m.mall_id}: ${m.running} running`);
    }

    // Traffic: Perimetro in every mall, Oasis only in Santa Anita (3); parking in every mall; up to yesterday.
    const zones = await q<{ zone: string; malls: string; last: string }>(
      `select zone, string_agg(distinct mall_id::text, ',' order by mall_id::text) as malls, max(day)::text as last
         from traffic_pedestrian group by 1 order by 1`,
    );
    assert.deepEqual(zones, [
      { zone: "Oasis", malls: "3", last: YESTERDAY },
      { zone: "Perimetro", malls: "2,3,6,7,8", last: YESTERDAY },
    ]);
    const [parking] = await q<{ malls: number; last: string }>(
      "select count(distinct mall_id)::int as malls, max(day)::text as last from traffic_parking",
    );
    assert.deepEqual(parking, { malls: 5, last: YESTERDAY });

    // The 2020 lockdown: a fashion shop open before and after has no closings in April 2020; supermarkets do.
    const [moda] = await q<{ code: string; feb: number; apr: number; jul: number }>(
      `select c.code,
              count(*) filter (where s.sale_date between '2020-02-01' and '2020-02-29')::int as feb,
              count(*) filter (where s.sale_date between '2020-04-01' and '2020-04-30')::int as apr,
              count(*) filter (where s.sale_date between '2020-07-01' and '2020-07-31')::int as jul
         from contracts c join categories k on k.id = c.category_id join sales_closings s on s.contract_id = c.id
        where k.name = 'Moda' and c.op_start < '2020-01-01' and (c.op_end is null or c.op_end > '2020-12-31')
        group by c.code order by c.code limit 1`,
    );
    assert.ok(moda, "a fashion contract operating through 2020");
    assert.ok(moda.feb > 0 && moda.jul > 0, JSON.stringify(moda));
    assert.equal(moda.apr, 0);
    const [essential] = await q<{ n: number }>(
      `select count(*)::int as n from sales_closings s join contracts c on c.id = s.contract_id
         join categories k on k.id = c.category_id
        where k.name = 'Supermercado' and s.sale_date between '2020-04-01' and '2020-04-30'`,
    );
    assert.ok(essential.n > 0, "supermarkets sold during the lockdown");

    // Seasonality: December above November (whole years), weekends above midweek.
    const months = await q<{ y: number; nov: number; dec: number }>(
      `select extract(year from sale_date)::int as y,
              sum(amount) filter (where extract(month from sale_date) = 11)::float8 as nov,
              sum(amount) filter (where extract(month from sale_date) = 12)::float8 as dec
         from sales_closings where extract(year from sale_date) in (2018, 2019, 2022, 2023, 2024) group by 1 order by 1`,
    );
    assert.equal(months.length, 5);
    for (const m of months) assert.ok(m.dec > m.nov * 1.1, `${m.y}: December ${m.dec} vs November ${m.nov}`);
    const [week] = await q<{ sat: number; tue: number }>(
      `select sum(amount) filter (where extract(dow from sale_date) = 6)::float8 as sat,
              sum(amount) filter (where extract(dow from sale_date) = 2)::float8 as tue
         from sales_closings where sale_date between '2023-01-01' and '2023-12-31'`,
    );
    assert.ok(week.sat > week.tue * 1.2, JSON.stringify(week));

    // Closings: from 2017 to yesterday at most, within the contract's operation, registered later.
    const [range] = await q<{ first: string; last: string; bad: number; early: number }>(
      `select min(s.sale_date)::text as first, max(s.sale_date)::text as last,
              count(*) filter (where s.sale_date < c.op_start or s.sale_date > coalesce(c.op_end, s.sale_date))::int as bad,
              count(*) filter (where s.registered_at < (s.sale_date::text || ' 20:00:00-05')::timestamptz)::int as early
         from sales_closings s join contracts c on c.id = s.contract_id`,
    );
    assert.deepEqual(range, { first: "2017-01-01", last: YESTERDAY, bad: 0, early: 0 });

    // Floor plans: every level has locals, none overlap, codes are unique uppercase; contract areas add up.
    const locals = await q<{ level_id: number; code: string; shape: Rect; vacancy_state: number }>(
      "select level_id, code, shape, vacancy_state from locals order by id",
    );
    const levels = await q<{ id: number; floor: number; title: string }>(
      "select id, floor, title from levels",
    );
    for (const level of levels) {
      const here = locals.filter((l) => l.level_id === level.id);
      assert.ok(here.length > 0, `level ${level.id} has locals`);
      assert.equal(level.title, level.floor < 0 ? `Sótano ${-level.floor}` : `Nivel ${level.floor}`);
      for (let i = 0; i < here.length; i++) {
        const s = here[i].shape;
        assert.ok(s.x >= 0 && s.y >= 0 && s.x + s.w <= 1300 && s.y + s.h <= 1000, here[i].code);
        for (let j = i + 1; j < here.length; j++) {
          assert.ok(!overlaps(s, here[j].shape), `${here[i].code} overlaps ${here[j].code}`);
        }
      }
    }
    assert.ok(levels.some((l) => l.floor < 0), "some mall has a basement");
    for (const l of locals) assert.match(l.code, /^L-S?\d{3,4}$/);
    const [areas] = await q<{ bad: number }>(
      `select count(*)::int as bad from contracts c
        where exists (select 1 from contract_locals cl where cl.contract_id = c.id)
          and c.area <> (select sum(l.area) from contract_locals cl join locals l on l.id = cl.local_id
                          where cl.contract_id = c.id)`,
    );
    assert.equal(areas.bad, 0);
    const [states] = await q<{ bad: number }>(
      `select count(*)::int as bad from locals l
         left join contract_locals cl on cl.local_id = l.id left join contracts c on c.id = cl.contract_id
        where (l.vacancy_state = 1) <> (c.id is not null and c.op_start <= $1::date and c.op_end is null)`,
      [TODAY],
    );
    assert.equal(states.bad, 0, "Operando exactly for locals with a running contract");

    // People: an administrador and an operador for every contract; reference data; inflation to this month.
    const [slots] = await q<{ contracts: number; admins: number; operators: number }>(
      `select (select count(*) from contracts)::int as contracts,
              count(*) filter (where slot = 'administrador')::int as admins,
              count(*) filter (where slot = 'operador')::int as operators
         from contract_users`,
    );
    assert.equal(slots.admins, slots.contracts);
    assert.equal(slots.operators, slots.contracts);
    const [ref] = await q<{ categories: number; cebes: number; first: string; last: string }>(
      `select (select count(*) from categories)::int as categories, (select count(*) from cebes)::int as cebes,
              (select min(make_date(year, month, 1))::text from inflation) as first,
              (select max(make_date(year, month, 1))::text from inflation) as last`,
    );
    assert.deepEqual(ref, { categories: 12, cebes: 32, first: "2016-01-01", last: "2026-06-01" });

    // Demo accounts: every one with its role; tenant@ holds two contracts, its default one in Santa Anita.
    const users = await q<{ email: string; role_id: number; state: string; password_hash: string }>(
      "select email, role_id, state, password_hash from users where email like '%@demo.pe' order by id",
    );
    assert.deepEqual(
      users.map((u) => [u.email, u.role_id, u.state]),
      DEMO_ACCOUNTS.map((a) => [a.email, a.roleId, "A"]),
    );
    assert.ok(
      await verifyPassword(DEMO_PASSWORD, users[0].password_hash),
      "admin@demo.pe signs in with the demo password",
    );
    const tenant = await q<
      { code: string; mall_id: number; is_default: boolean; slot: string; last: string }
    >(
      `select c.code, c.mall_id, cu.is_default, cu.slot,
              (select max(sale_date)::text from sales_closings s where s.contract_id = c.id) as last
         from contract_users cu join users u on u.id = cu.user_id join contracts c on c.id = cu.contract_id
        where u.email = $1 order by cu.is_default desc, c.code`,
      ["tenant@demo.pe"],
    );
    assert.equal(tenant.length, 2);
    assert.deepEqual(tenant.map((t) => [t.slot, t.is_default]), [["administrador", true], [
      "administrador",
      false,
    ]]);
    assert.equal(tenant[0].mall_id, 3);
    assert.equal(tenant[0].code, summary.demoContracts.tenantDefault);
    assert.equal(tenant[0].last, DAY_BEFORE, "yesterday's closing is still to be registered");
    assert.notEqual(tenant[1].mall_id, 3);
    const [tenant2] = await q<{ code: string; mall_id: number; last: string }>(
      `select c.code, c.mall_id, (select max(sale_date)::text from sales_closings s where s.contract_id = c.id) as last
         from contract_users cu join users u on u.id = cu.user_id join contracts c on c.id = cu.contract_id
        where u.email = 'tenant2@demo.pe'`,
    );
    assert.equal(tenant2.code, summary.demoContracts.tenant2);
    assert.notEqual(tenant2.mall_id, 3);
    assert.equal(tenant2.last, DAY_BEFORE);
    const people = await q<{ email: string; slot: string }>(
      `select u.email, cu.slot from contract_users cu join users u on u.id = cu.user_id join contracts c on c.id = cu.contract_id
        where c.code = $1 order by cu.slot`,
      [summary.demoContracts.tenantDefault],
    );
    assert.deepEqual(people, [
      { email: "tenant@demo.pe", slot: "administrador" },
      { email: "financiero@demo.pe", slot: "financiero1" },
      { email: "garantias@demo.pe", slot: "financiero2" },
      { email: "operador@demo.pe", slot: "operador" },
    ]);

    // Sequences continue after the explicit ids.
    const [next] = await q<{ id: number; max: number }>(
      "select nextval(pg_get_serial_sequence('contracts', 'id'))::int as id, (select max(id) from contracts)::int as max",
    );
    assert.equal(next.id, next.max + 1);

    await assert.rejects(seedDemo(db, { scale: "small", today: TODAY }), /already has \d+ contracts/);
  } finally {
    await db.close();
  }
});
