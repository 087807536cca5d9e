// LocalData finds a span's daily rows by a binary search in runs of ascending days (web/src/analytics/local.ts):
// the same rows, in the same order, as reading every row, whether the rows come in the server's order (by
// contract and day), shuffled, or with a contract's days out of order.

import assert from "node:assert/strict";
import { partitionKey } from "../../contract/extracts.ts";
import { dayNumber, LocalData, type LocalTable } from "../../web/src/analytics/local.ts";
import { random } from "../reports/local_fixture.ts";

interface Closing {
  contract: number;
  day: number;
  cents: number;
  tx: number;
}

const iso = (d: number) => new Date(d * 86_400_000).toISOString().slice(0, 10);

/** A mall's year of closings: 6 contracts, each on some days of 2025, in the server's order. */
function closings(): Closing[] {
  const rnd = random(11);
  const out: Closing[] = [];
  const first = dayNumber("2025-01-01");
  for (let k = 1; k <= 6; k++) {
    for (let d = first; d < first + 365; d++) {
      if (rnd() < 0.7) out.push({ contract: k, day: d, cents: Math.floor(rnd() * 100_000), tx: 1 + (d % 7) });
    }
  }
  return out;
}

function table(rows: Closing[]): LocalTable {
  const col = (f: (r: Closing) => number) => Float64Array.from(rows, f);
  const nums: Record<string, Float64Array> = {
    contract_id: col((r) => r.contract),
    day: col((r) => r.day),
    amount_cents: col((r) => r.cents),
    transactions: col((r) => r.tx),
  };
  return {
    rows: rows.length,
    num: (c) => nums[c],
    text: () => {
      throw new Error("Cannot read text: no text column in this test's partition");
    },
  };
}

const dataOf = (rows: Closing[]) =>
  new LocalData({ tables: new Map([[partitionKey("sales_daily", 3, 2025), table(rows)]]) });

function shuffled(rows: Closing[]): Closing[] {
  const rnd = random(5), out = [...rows];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** A contract's days descending, the rest as the server orders them. */
const reversedContract = (rows: Closing[]) => [
  ...rows.filter((r) => r.contract !== 2),
  ...rows.filter((r) => r.contract === 2).reverse(),
];

const SPANS: [string, string][] = [
  ["2025-03-10", "2025-03-10"], // a day
  ["2025-03-01", "2025-03-17"], // a month to a day
  ["2025-02-20", "2025-04-03"], // partial months at both edges
  ["2024-12-25", "2025-01-05"], // before the partition's first day
  ["2025-12-28", "2026-01-10"], // after its last
  ["2025-01-01", "2025-12-31"], // the whole year
  ["2026-02-01", "2026-02-28"], // no day of the partition
  ["2025-05-10", "2025-05-01"], // empty (start after end)
];

Deno.test("LocalData's spans of daily rows: the rows of a scan of all, in its order, in any order of rows", () => {
  const server = closings();
  for (const rows of [server, shuffled(server), reversedContract(server)]) {
    const d = dataOf(rows);
    for (const [start, end] of SPANS) {
      const from = dayNumber(start), to = dayNumber(end);
      const expected = rows.filter((r) => r.day >= from && r.day <= to);
      const seen: Closing[] = [];
      d.eachDay(start, end, (contract, day, cents, _month, tx) => seen.push({ contract, day, cents, tx }));
      assert.deepEqual(seen, expected, `eachDay ${start} to ${end}`);
      const byDay = new Map<string, number>();
      for (const r of expected) {
        if (r.contract !== 4) byDay.set(iso(r.day), (byDay.get(iso(r.day)) ?? 0) + r.cents);
      }
      assert.deepEqual(
        [...d.byDay(start, end, new Set([1, 2, 3, 5, 6]))].sort(),
        [...byDay].sort(),
        `byDay ${start} to ${end}`,
      );
      // sums: whole months from the year's days, the edges' days: each contract's cents and transactions.
      const sums = new Map<number, { cents: number; raw: number; tx: number }>();
      for (const r of expected) {
        const s = sums.get(r.contract) ?? { cents: 0, raw: 0, tx: 0 };
        sums.set(r.contract, { cents: s.cents + r.cents, raw: s.raw + r.cents, tx: s.tx + r.tx });
      }
      for (const daily of [false, true]) {
        assert.deepEqual(
          [...d.sums(start, end, () => 1, daily)].sort((a, b) => a[0] - b[0]),
          [...sums].sort((a, b) => a[0] - b[0]),
          `sums ${start} to ${end}${daily ? " (daily)" : ""}`,
        );
      }
    }
  }
});
