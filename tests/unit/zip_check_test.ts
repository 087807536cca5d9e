// Issue 42, item 3: a ZIP is inflated with a running count that stops at the size its header declares.
import assert from "node:assert/strict";
import { checkZip, inflatedSize } from "../../services/zip_check.ts";
import { book, deflatedSpaces, goodRow, HEADER, zipBomb } from "../helpers/all_in.ts";

const limits = { maxEntries: 200, maxInflated: 100 * 1024 * 1024 };

Deno.test("checkZip() refuses a bomb whose headers lie at once, and one that says its size", async () => {
  const bomb = zipBomb(400 * 1024 * 1024, 4096);
  assert.ok(bomb.length < 3_000_000, `${bomb.length} bytes`);
  assert.equal(await checkZip(bomb, limits), "broken");
  assert.equal(await checkZip(zipBomb(400 * 1024 * 1024, 400 * 1024 * 1024), limits), "tooLarge");
  // An entry declaring more than it inflates to lies too.
  assert.equal(await checkZip(zipBomb(1033, 4096), limits), "broken");
  // The hand-made ZIP is a good one when its sizes are true.
  assert.equal(await checkZip(zipBomb(1 + 4 * 258, 1033), limits), null);
});

Deno.test("inflatedSize() stops a few megabytes past its limit, not at the 400 MB the data holds", async () => {
  // Counted, not timed: the inflater is fed a slice at a time and left as soon as the count passes the limit.
  const reached = await inflatedSize(deflatedSpaces(400 * 1024 * 1024), 4096);
  assert.ok(reached > 4096 && reached < 16 * 1024 * 1024, `${reached} bytes`);
  const all = await inflatedSize(deflatedSpaces(1 + 4 * 258), 1 << 20);
  assert.equal(all, 1 + 4 * 258);
});

Deno.test("checkZip() passes workbooks stored and deflated, refuses truncated ones", async () => {
  const rows = { AllIn: [HEADER, goodRow("CT000103"), goodRow("CT000104")] };
  assert.equal(await checkZip(book(rows), limits), null);
  const deflated = book(rows, undefined, true);
  assert.equal(await checkZip(deflated, limits), null);
  assert.equal(await checkZip(deflated.slice(0, deflated.length - 30), limits), "broken");
  assert.equal(await checkZip(deflated, { ...limits, maxEntries: 2 }), "broken");
});
