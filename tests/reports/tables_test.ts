import assert from "node:assert/strict";
import {
  createTableSql,
  emptyTable,
  familyViewSql,
  partitionTable,
  yearTable,
  yearTableLoadSql,
} from "../../web/src/analytics/tables.ts";
import { nativeConnector } from "./native_connector.ts";

// The DuckDB layout the browser builds (web/src/analytics/engine.ts runs the same statements): a year table
// holding every mall's daily sales of the year, replaced mall by mall, read whole or for some malls.

const con = await nativeConnector();
const run = (sql: string) => con.exec(sql);
const rows = (sql: string) => con.query(sql);

/** A table as insertArrowFromIPCStream makes it from a partition's stream (int32 cents). */
async function staged(name: string, values: [number, string, number][]) {
  await run(
    `create table "${name}" (contract_id INTEGER, day DATE, amount_cents INTEGER, transactions INTEGER)`,
  );
  for (const [c, d, a] of values) await run(`insert into "${name}" values (${c}, DATE '${d}', ${a}, 1)`);
}

Deno.test("tables: a year table takes each mall's partition, replaces it on a new version, empties it", async () => {
  await run(createTableSql("sales_daily", emptyTable("sales_daily")));
  const y3 = yearTable("sales_daily.3.2025")!, y2 = yearTable("sales_daily.2.2025")!;
  assert.deepEqual(y3, { family: "sales_daily", table: "y#sales_daily.2025", key: 3 });
  assert.equal(yearTable("budgets.2025"), null);
  await staged("s3", [[10, "2025-01-02", 100], [11, "2025-01-02", 50]]);
  await run(yearTableLoadSql(y3, "s3"));
  await staged("s2", [[20, "2025-01-03", 7]]);
  await run(yearTableLoadSql(y2, "s2"));
  const total = "select count(*)::int as n, sum(amount_cents)::int as cents from sales_daily";

  await run(familyViewSql("sales_daily", [{ table: y3.table, keys: null }]));
  assert.deepEqual(await rows(total), [{ n: 3, cents: 157 }]);
  // A report naming mall 2 only reads mall 2's rows.
  await run(familyViewSql("sales_daily", [{ table: y3.table, keys: [2] }]));
  assert.deepEqual(await rows(total), [{ n: 1, cents: 7 }]);

  // A new version of mall 3 replaces its rows; an empty one removes them; the staging tables are gone.
  await staged("s3b", [[10, "2025-01-02", 1000]]);
  await run(yearTableLoadSql(y3, "s3b"));
  await run(familyViewSql("sales_daily", [{ table: y3.table, keys: null }]));
  assert.deepEqual(await rows(total), [{ n: 2, cents: 1007 }]);
  await run(yearTableLoadSql(y3, null));
  assert.deepEqual(await rows(total), [{ n: 1, cents: 7 }]);
  assert.deepEqual(
    await rows("select count(*)::int as n from duckdb_tables() where table_name in ('s2', 's3', 's3b')"),
    [{ n: 0 }],
  );
  // The view's types are the family's (BIGINT cents), whichever source.
  await staged(partitionTable("sales_daily.8.2024"), [[30, "2024-05-05", 5]]);
  await run(
    familyViewSql("sales_daily", [partitionTable("sales_daily.8.2024"), { table: y3.table, keys: null }]),
  );
  const [{ t }] = await rows("select typeof(amount_cents) as t from sales_daily limit 1");
  assert.equal(t, "BIGINT");
  assert.deepEqual(await rows(total), [{ n: 2, cents: 12 }]);
});
