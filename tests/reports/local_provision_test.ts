import assert from "node:assert/strict";
import type { Statement } from "../../web/src/analytics/connector.ts";
import {
  missingDaysSql,
  type ProvisionFilters,
  provisionPartitions,
  provisionSql,
} from "../../web/src/reports/provision-ventas/report.ts";
import { day, fixtureDb, type FixtureRows } from "./fixture.ts";
import { counting, generated, same } from "./local_fixture.ts";
import { contractRow, PROVISION_ROWS, sales, withRows } from "./rankings_fixture.ts";

// Provisión de Ventas' local twin against its SQL in DuckDB: the same rows of both statements for every mall,
// months past, running (today inside) and not begun, with and without a contract code.

type Db = Awaited<ReturnType<typeof fixtureDb>>;

/** Both statements of every filter combination on both engines; the number of filter combinations. */
async function compare(
  pair: { local: Db; sql: Db },
  months: readonly (readonly [number, number, string])[],
  codes: ReadonlyMap<number, readonly string[]>,
): Promise<number> {
  let cases = 0;
  for (const [mall, mallCodes] of codes) {
    for (const [year, month, today] of months) {
      for (const contract of ["", ...mallCodes, "ZZ"]) {
        const f: ProvisionFilters = { mall, year, month, contract };
        const parts = provisionPartitions(f);
        const what = `Provisión ${JSON.stringify({ today, ...f })}`;
        for (const st of [provisionSql(f, today), missingDaysSql(f, today)] as Statement<unknown>[]) {
          same(await pair.local.rows(parts, st), await pair.sql.rows(parts, st), what);
        }
        cases++;
      }
    }
  }
  return cases;
}

/** The rankings' rows, PROVISION_ROWS (mall 5 opening on 25 March 2024) and two contracts of odd dates. */
function handMade(): FixtureRows {
  const odd = (id: number, code: string, dates: Record<string, number | null>) => ({
    ...contractRow(id, code, 5, `Tienda ${code}`, 1, "M1", "Moda", 10, "2024-12-31", "2024-03-01"),
    ...dates,
  });
  return withRows({
    contracts: [
      // Operates 10 March to 5 April only, and sells before it does.
      odd(44, "T", { op_start: day("2024-03-10"), op_end: day("2024-04-05") }),
      // No dates at all: it operates every day of the span; no name.
      odd(45, "U", { start_date: null, end_date: null, op_start: null, op_end: null, denominacion: null }),
    ],
    sales_daily: sales([
      ...[1, 2, 3, 4, 5, 8, 9].map((d) => [43, `2024-04-0${d}`, 1_200 + d * 7, 1] as const),
      // T: before it operates, every Tuesday after, days of April after it stops; negative days, one of them
      // a Tuesday: the mall's trend that day is below 0.5.
      [44, "2024-03-05", 5_000, 1],
      ...[12, 19, 26].map((d) => [44, `2024-03-${d}`, 4_000 + d * 13, 1] as const),
      [44, "2024-04-02", 9_100, 1],
      [44, "2024-04-03", -2_000, 1],
      [44, "2024-04-08", 3_000, 1],
      [44, "2024-04-09", -2_000, 1],
      // U: Saturdays, then a Saturday of April far above its mean (the mall's trend above 2); a Monday without
      // history; a January day out of the history.
      ...[2, 9, 16, 23, 30].map((d) => [45, `2024-03-${String(d).padStart(2, "0")}`, 7_000, 1] as const),
      [45, "2024-04-01", 100, 1],
      [45, "2024-04-06", 90_000, 1],
      [45, "2024-01-06", 3_333, 1],
    ]),
  }, withRows(PROVISION_ROWS));
}

async function pairOf(today: string, rows: FixtureRows) {
  const { n, wrap } = counting();
  return {
    n,
    local: await fixtureDb(today, rows, { wrap }),
    sql: await fixtureDb(today, rows, { local: false }),
  };
}

Deno.test("local twins: Provisión de Ventas equals DuckDB's rows on the hand-made fixture", async () => {
  const pair = await pairOf("2024-04-10", handMade());
  try {
    const cases = await compare(
      pair,
      [
        [2024, 3, "2024-04-10"],
        [2024, 3, "2024-03-27"], // running: to the 26th
        [2024, 3, "2024-03-01"], // running, nothing come yet
        [2024, 4, "2024-04-10"],
        [2024, 4, "2024-04-02"],
        [2024, 5, "2024-04-10"], // not begun
        [2024, 6, "2024-07-15"], // D closes on the 30th
        [2024, 2, "2024-07-15"],
        [2024, 1, "2024-07-15"], // history in the year before
        [2023, 2, "2024-07-15"],
      ],
      new Map([[3, ["A", "D"]], [2, ["E"]], [5, ["P", "Q", "R", "T", "U"]]]),
    );
    assert.ok(cases >= 100, `only ${cases} cases`);
    assert.equal(pair.n.queries, 0, "the local engine ran DuckDB statements");
  } finally {
    pair.local.close();
    pair.sql.close();
  }
});

Deno.test("local twins: Provisión de Ventas equals DuckDB's rows on generated sales", async () => {
  const pair = await pairOf("2025-06-20", generated());
  try {
    const cases = await compare(
      pair,
      [
        [2025, 6, "2025-06-20"], // running
        [2025, 6, "2025-06-01"], // running, nothing come yet
        [2025, 5, "2025-06-20"],
        [2024, 3, "2025-06-20"], // K110 and K121 sell from the 10th
        [2024, 2, "2025-06-20"], // K110 and K121 have no closing
        [2024, 1, "2025-06-20"],
        [2023, 1, "2025-06-20"], // no history before the fixture
        [2024, 12, "2024-12-29"],
      ],
      new Map([[3, ["K121", "K103"]], [2, ["K110"]], [6, ["K105"]]]),
    );
    assert.ok(cases >= 80, `only ${cases} cases`);
    assert.equal(pair.n.queries, 0, "the local engine ran DuckDB statements");
  } finally {
    pair.local.close();
    pair.sql.close();
  }
});
