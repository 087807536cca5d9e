import assert from "node:assert/strict";
import { nullsLast, variationOf } from "../../web/src/reports/shared/sums.ts";

// The arithmetic and ordering reports make in JavaScript must give SQL's nulls and order.

Deno.test("sums: variationOf is (a - b) / nullif(b, 0) * 100, null where SQL gives null", () => {
  const table: [number | null, number | null, number | null][] = [
    [150, 100, 50],
    [50, 100, -50],
    [0, 100, -100],
    [100, 0, null],
    [null, 100, null],
    [100, null, null],
  ];
  for (const [a, b, want] of table) assert.equal(variationOf(a, b), want, `${a} against ${b}`);
});

Deno.test("sums: nullsLast sorts as SQL's order by x [desc] nulls last", () => {
  const values = [3, null, 1, 2, null, 2];
  assert.deepEqual([...values].sort((a, b) => nullsLast(a, b)), [1, 2, 2, 3, null, null]);
  assert.deepEqual([...values].sort((a, b) => nullsLast(a, b, true)), [3, 2, 2, 1, null, null]);
  assert.deepEqual(["b", null, "a"].sort((a, b) => nullsLast(a, b)), ["a", "b", null]);
});
