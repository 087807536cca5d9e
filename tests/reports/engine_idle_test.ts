import assert from "node:assert/strict";
import { statement } from "../../web/src/analytics/connector.ts";
import { fixtureDb } from "./fixture.ts";

// The idle loads (the next years and malls) wait until no report computes: a screen's own reports go first.
Deno.test("engine: idle loads wait while a report computes, then load", async () => {
  const idle: (() => void)[] = [];
  const loads: string[] = [];
  let hold = false, release = () => {}, reached = () => {};
  const gate = new Promise<void>((r) => release = r);
  const held = new Promise<void>((r) => reached = r);
  const db = await fixtureDb("2024-03-01", undefined, {
    whenIdle: (fn) => idle.push(fn),
    wrap: (c) => ({
      ...c,
      query: async (sql) => {
        if (hold) {
          reached();
          await gate;
        }
        return c.query(sql);
      },
    }),
    onLoad: (p) => loads.push(p),
  });
  const parts = ["sales_daily.3.2024", "contracts"];
  const count = (n: number) => statement<{ n: number }>(`select count(*)::int + ${n} as n from sales_daily`);
  assert.deepEqual(await db.rows(parts, count(0)), [{ n: 4 }]);
  assert.deepEqual(loads.sort(), ["contracts", "sales_daily.3.2024"]);
  // The report asked for its neighbours when the page is idle.
  assert.equal(idle.length, 1);

  // Another report computes (held in DuckDB): the page going idle loads nothing yet.
  hold = true;
  const second = db.rows(parts, count(1));
  await held;
  for (const fn of idle.splice(0)) fn();
  await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(loads.sort(), ["contracts", "sales_daily.3.2024"]);
  assert.equal(idle.length, 0);

  // Once it is done, the loads (the first report's and its own) wait for the next idle moment, then start:
  // the other mall, the next year.
  release();
  assert.deepEqual(await second, [{ n: 5 }]);
  assert.equal(idle.length, 2);
  hold = false;
  for (const fn of idle.splice(0)) fn();
  // The loads start after the catalogue is read: wait for them (a busy machine takes its time).
  for (let i = 0; i < 250 && !loads.includes("sales_daily.3.2025"); i++) {
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.ok(loads.includes("sales_daily.2.2024"), loads.join(", "));
  assert.ok(loads.includes("sales_daily.3.2025"), loads.join(", "));
  // Every idle load finishes before DuckDB closes (closing under a running insert ends the process).
  for (let n = -1; n !== loads.length;) {
    n = loads.length;
    await db.engine.ensure([...loads], false);
    await new Promise((r) => setTimeout(r, 100));
  }
  db.close();
});
