import assert from "node:assert/strict";
import { earlyRequest } from "../../web/src/lib/early.ts";

/** A request that counts its asks and answers each with its number. */
function counted() {
  let asks = 0;
  return { ask: () => Promise.resolve(++asks), asks: () => asks };
}

Deno.test("an answer asked early is taken once, without asking again", async () => {
  const r = counted(), early = earlyRequest(r.ask);
  early.start();
  early.start(); // still waiting to be taken: not asked again
  assert.equal(await early.take(), 1);
  assert.equal(r.asks(), 1);
  assert.equal(await early.take(), 2, "a second take asks again");
});

Deno.test("without an early ask, take asks", async () => {
  const r = counted(), early = earlyRequest(r.ask);
  assert.equal(await early.take(), 1);
  assert.equal(r.asks(), 1);
});

Deno.test("an early answer older than freshMs is not taken: asked again", async () => {
  const r = counted(), early = earlyRequest(r.ask, 20);
  early.start();
  await new Promise((done) => setTimeout(done, 40));
  assert.equal(await early.take(), 2);
  early.start();
  await new Promise((done) => setTimeout(done, 40));
  early.start(); // the stale one is replaced
  assert.equal(await early.take(), 4);
});

Deno.test("a failed early ask is not an unhandled rejection, and take reports it", async () => {
  const early = earlyRequest(() => Promise.reject(new Error("down")));
  early.start();
  await new Promise((done) => setTimeout(done, 0));
  await assert.rejects(early.take(), /down/);
});
