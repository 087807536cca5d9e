// Issue 42, item 3: a ZIP is inflated with a running count that stops at the size its header declares.
import assert from "node:assert/strict";
import { checkZip } from "../../services/zip_check.ts";
import { book, goodRow, HEADER, zipBomb } from "../helpers/all_in.ts";

const limits = { maxEntries: 200, maxInflated: 100 * 1024 * 1024 };

Deno.test("checkZip() refuses a bomb whose headers lie at once, and one that says its size", async () => {
  const bomb = zipBomb(400 * 1024 * 1024, 4096);
  assert.ok(bomb.length < 3_000_000, `${bomb.length} bytes`);
  const started = performance.now();
  assert.equal(await checkZip(bomb, limits), "broken");
  const ms = performance.now() - started;
  assert.ok(ms < 500, `${ms.toFixed(0)} ms`);
  assert.equal(await checkZip(zipBomb(400 * 1024 * 1024, 400 * 1024 * 1024), limits), "tooLarge");
  // An entry declaring more than it inflates to lies too.
  assert.equal(await checkZip(zipBomb(1033, 4096), limits), "broken");
  // The hand-made ZIP is a good one when its sizes are true.
  assert.equal(await checkZip(zipBomb(1 + 4 * 258, 1033), limits), null);
});

Deno.test("checkZip() passes workbooks stored and deflated, refuses truncated ones", async () => {
  const rows = { AllIn: [HEADER, goodRow("CT000103"), goodRow("CT000104")] };
  assert.equal(await checkZip(book(rows), limits), null);
  const deflated = book(rows, undefined, true);
  assert.equal(await checkZip(deflated, limits), null);
  assert.equal(await checkZip(deflated.slice(0, deflated.length - 30), limits), "broken");
  assert.equal(await checkZip(deflated, { ...limits, maxEntries: 2 }), "broken");
});
