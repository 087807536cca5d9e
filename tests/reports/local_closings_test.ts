import assert from "node:assert/strict";
import type { Statement } from "../../web/src/analytics/connector.ts";
import { CLOSING_COLUMNS } from "../../web/src/reports/general-ventas/columns.ts";
import {
  contractClosingsSql,
  gvPartitions,
  pageSql,
  type Sort,
  totalsSql,
} from "../../web/src/reports/general-ventas/report.ts";
import { orderBy } from "../../web/src/reports/general-ventas/local.ts";
import { fixtureDb, type FixtureRows } from "./fixture.ts";
import { counting, generated, random, same } from "./local_fixture.ts";
import { MALLS, salesFixtureDb } from "./sales_a_fixture.ts";

// The local twins of Reporte General de Ventas (general-ventas/local.ts) against its SQL in DuckDB: the whole
// listing in every order the screen offers, its pages, the totals and a contract's closings, on the hand-made
// fixture and on generated closings with accents, empty values and ties; the local side runs no DuckDB.

type Db = { rows<R>(p: readonly string[], s: Statement<R>): Promise<R[]>; close(): void };

const SORTS: (Sort | null)[] = [
  null,
  ...CLOSING_COLUMNS.flatMap((column) => [{ column, desc: false }, { column, desc: true }]),
];

async function compare(
  local: Db,
  sql: Db,
  malls: readonly number[],
  ranges: { start: string; end: string }[],
) {
  let cases = 0;
  const check = async <R>(parts: readonly string[], st: Statement<R>, what: string) => {
    same(await local.rows(parts, st), await sql.rows(parts, st), what);
    cases++;
  };
  for (const range of ranges) {
    const parts = gvPartitions(malls, Number(range.start.slice(0, 4)));
    await check(parts, totalsSql(range), `totals ${JSON.stringify(range)}`);
    for (const sort of SORTS) {
      const what = `${JSON.stringify(range)} ${JSON.stringify(sort)}`;
      await check(parts, pageSql(range, sort, 0, 1_000_000), `listing ${what}`);
      // A page is a cut of the same listing: two orders suffice.
      if (!sort || sort.column === "denominacion") {
        await check(parts, pageSql(range, sort, 8, 8), `page 2 ${what}`);
      }
    }
    for (const code of ["C10", "C13", "K101", "K110", "NADA"]) {
      await check(parts, contractClosingsSql(range, code), `contract ${code} ${JSON.stringify(range)}`);
    }
  }
  return cases;
}

/** The generated sales as closings: registered one to three days later, some modified, some ids reused out of day order. */
function withClosings(rows: FixtureRows): FixtureRows {
  const rnd = random(11);
  const names = ["Óptica Sur", "optica sur", "Álamo", "alamo", "Zapatería", "Ñandú", "nandu", "Tienda"];
  const contracts = rows.contracts!.map((k, i) => ({
    ...k,
    denominacion: names[i % names.length],
    old_code: i % 3 === 0 ? null : `OLD-${i % 7}`,
    sales_type: i % 4 === 0 ? null : ["VD", "VC"][i % 2],
    sales_type_name: i % 4 === 0 ? null : ["Venta Diaria", "Venta Cadena"][i % 2],
  }));
  const ids = rows.sales_daily!.map((_, i) => i + 1).sort(() => rnd() - 0.5);
  const sales_closings = rows.sales_daily!.map((r, i) => {
    const modified = rnd() < 0.2;
    return {
      id: ids[i],
      contract_id: r.contract_id,
      day: r.day,
      amount_cents: rnd() < 0.05 ? 50_000 : r.amount_cents,
      transactions: r.transactions,
      registered_on: (r.day as number) + 1 + Math.floor(rnd() * 3),
      registered_secs: rnd() < 0.05 ? null : Math.floor(rnd() * 86_400),
      updated_on: modified ? (r.day as number) + 5 : null,
      updated_secs: modified && rnd() < 0.9 ? Math.floor(rnd() * 86_400) : null,
    };
  });
  return {
    ...rows,
    contracts,
    malls: rows.malls!.map((m, i) => ({ ...m, sociedad: i === 1 ? null : `Sociedad ${2 - i}` })),
    sales_closings,
  };
}

Deno.test("local twins of Reporte General: equal DuckDB's rows on the hand-made fixture", async () => {
  const { n, wrap } = counting();
  const local = await salesFixtureDb(undefined, { wrap });
  const sql = await salesFixtureDb(undefined, { local: false });
  try {
    const cases = await compare(local, sql, MALLS, [
      { start: "2024-02-01", end: "2024-02-29" },
      { start: "2024-01-01", end: "2024-12-31" },
      { start: "2025-01-01", end: "2025-01-05" },
      { start: "2024-03-01", end: "2024-03-31" },
    ]);
    assert.equal(n.queries, 0, "the local side ran DuckDB");
    assert.ok(cases > 150, `${cases} cases`);
  } finally {
    local.close();
    sql.close();
  }
});

Deno.test("local twins of Reporte General: equal DuckDB's rows on generated closings", async () => {
  const rows = withClosings(generated());
  const { n, wrap } = counting();
  const local = await fixtureDb("2025-07-01", rows, { wrap });
  const sql = await fixtureDb("2025-07-01", rows, { local: false });
  try {
    await compare(local, sql, [3, 2, 6], [
      { start: "2024-02-01", end: "2024-02-29" },
      { start: "2025-03-02", end: "2025-05-31" },
      { start: "2024-12-31", end: "2024-12-31" },
    ]);
    assert.equal(n.queries, 0, "the local side ran DuckDB");
    // Accents and case fold as DuckDB's strip_accents: 'Álamo' and 'alamo' are one name, ordered by id.
    const parts = gvPartitions([3, 2, 6], 2024);
    const feb = { start: "2024-02-01", end: "2024-02-29" };
    const byName = await local.rows(
      parts,
      pageSql(feb, { column: "denominacion", desc: false }, 0, 1_000_000),
    );
    const first = byName.filter((r) => ["Álamo", "alamo"].includes(r.denominacion));
    assert.ok(new Set(first.map((r) => r.denominacion)).size === 2);
    assert.deepEqual(first.map((r) => r.id), first.map((r) => r.id).sort((a, b) => a - b));
    assert.equal(byName[0].denominacion.toLowerCase().replace("á", "a"), "alamo");
  } finally {
    local.close();
    sql.close();
  }
});

Deno.test("Reporte General's order: SQL's key (empty last both ways), then id, packed or not", () => {
  const rnd = random(5);
  // Small integers (packed), negatives, fractions and keys past 2^31 (the comparator): the same order.
  const kinds = [
    () => Math.floor(rnd() * 20) - 5,
    () => Math.floor(rnd() * 20) / 4,
    () => Math.floor(rnd() * 3) * 2 ** 40,
  ];
  for (const kind of kinds) {
    for (const desc of [false, true]) {
      const n = 300;
      const keys = Float64Array.from({ length: n }, () => (rnd() < 0.1 ? NaN : kind()));
      const ids = Float64Array.from({ length: n }, (_, i) => (i * 7919) % 1009);
      const expected = Array.from({ length: n }, (_, i) => i).sort((a, b) => {
        const [x, y] = [keys[a], keys[b]];
        if (Number.isNaN(x) || Number.isNaN(y)) {
          return Number(Number.isNaN(x)) - Number(Number.isNaN(y)) || ids[a] - ids[b];
        }
        return (desc ? y - x : x - y) || ids[a] - ids[b];
      });
      assert.deepEqual([...orderBy(keys, ids, desc)], expected, `${kind} ${desc}`);
    }
  }
  assert.deepEqual([...orderBy(new Float64Array([2, NaN, 2, 1]), new Float64Array([9, 1, 3, 4]), true)], [
    2,
    0,
    3,
    1,
  ]);
});
