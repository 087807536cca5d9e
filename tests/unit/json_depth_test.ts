// Issue 42, item 1: the body's nesting is counted without recursion, and the control-character walk holds
// at any depth.
import assert from "node:assert/strict";
import { controlCharPath } from "#contract/fields.ts";
import { jsonDepthOver } from "../../routes/body_limit.ts";

const bytes = (s: string) => new TextEncoder().encode(s);

Deno.test("jsonDepthOver() counts arrays and objects, not brackets inside strings", () => {
  assert.equal(jsonDepthOver(bytes("[".repeat(3) + "]".repeat(3)), 3), false);
  assert.equal(jsonDepthOver(bytes("[".repeat(4) + "]".repeat(4)), 3), true);
  assert.equal(jsonDepthOver(bytes('{"a":{"b":[1]}}'), 3), false);
  assert.equal(jsonDepthOver(bytes('{"a":{"b":[{}]}}'), 3), true);
  // Brackets in strings, escaped quotes and backslashes, and multi-byte characters do not count.
  assert.equal(jsonDepthOver(bytes('["[[[[", "\\"[[[[", "\\\\", "ñ[[[["]'), 1), false);
  assert.equal(jsonDepthOver(bytes('["\\\\", [[]]]'), 2), true);
  // Closing brackets in a string do not lower the count either.
  assert.equal(jsonDepthOver(bytes('["]]]]", [[[]]]]'), 3), true);
  assert.equal(jsonDepthOver(bytes("[".repeat(1_000_000)), 32), true);
});

Deno.test("controlCharPath() walks any depth without recursion, in document order", () => {
  let deep: unknown = "fin\u0000";
  for (let i = 0; i < 200_000; i++) deep = [deep];
  const path = controlCharPath(deep);
  assert.equal(path?.length, 200_000);
  assert.ok(path!.every((p) => p === "0"));
  let clean: unknown = { a: "ok" };
  for (let i = 0; i < 200_000; i++) clean = { x: clean };
  assert.equal(controlCharPath(clean), null);

  assert.deepEqual(controlCharPath({ a: "x\u0000", ["b\u0000"]: 1 }), ["a"]);
  assert.deepEqual(controlCharPath({ a: "x", ["b\u0000"]: "y\u0000" }), ["b\u0000"]);
  assert.deepEqual(controlCharPath({ a: [1, { b: "\u0007" }], c: "\u0000" }), ["a", "1", "b"]);
  assert.deepEqual(controlCharPath("\u001b"), []);
  assert.equal(controlCharPath({ a: ["tab\tand\nnew line\r"] }), null);
});
