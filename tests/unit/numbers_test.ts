import assert from "node:assert/strict";
import { roundHalfUp } from "../../services/numbers.ts";

Deno.test("roundHalfUp() rounds the written decimal, half away from zero", () => {
  assert.equal(roundHalfUp(8584.515), 8584.52);
  assert.equal((8584.515).toFixed(2), "8584.51", "what it replaces");
  assert.equal(roundHalfUp(1.005), 1.01);
  assert.equal(roundHalfUp(-1.005), -1.01);
  assert.equal(roundHalfUp(2.344), 2.34);
  assert.equal(roundHalfUp(12.35, 1), 12.4);
  assert.equal(roundHalfUp(-0.001), 0);
  assert.ok(Object.is(roundHalfUp(-0.001), 0), "no negative zero");
  assert.equal(roundHalfUp(1e-7), 0);
  assert.equal(roundHalfUp(1.23e21), 1.23e21);
});
