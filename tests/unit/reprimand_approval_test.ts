// The reprimand approval rules, table-driven: boxes × caller's box × action → the box written or the refusal.
import assert from "node:assert/strict";
import { type Boxes, canDecide, decide, finalAmount, stateOf } from "../../services/reprimands/approval.ts";
import type { Box } from "#contract/reprimands.ts";

// The texts a person reads (docs/decisions.md, Reprimands).
const NOT_APPROVER = "Solo Subgerencia, Operaciones y GAF pueden aprobar o desaprobar una amonestación.";
const BOX_DECIDED = "Su área ya registró su decisión sobre esta amonestación.";
const FINAL = "La amonestación ya fue decidida por las tres áreas.";

const boxes = (s: string): Boxes => {
  const d = (ch: string) => (ch === "A" ? true : ch === "R" ? false : null);
  return { subgerencia: d(s[0]), operaciones: d(s[1]), gaf: d(s[2]) };
};

const cases: [string, Box | null, boolean, { box: Box } | { errorId: number; message: string }][] = [
  ["---", "subgerencia", true, { box: "subgerencia" }],
  ["---", "operaciones", false, { box: "operaciones" }],
  ["---", "gaf", true, { box: "gaf" }],
  ["A--", "operaciones", true, { box: "operaciones" }],
  ["AR-", "gaf", false, { box: "gaf" }],
  ["R--", "gaf", true, { box: "gaf" }],
  ["A--", "subgerencia", false, { errorId: 449, message: BOX_DECIDED }],
  ["-R-", "operaciones", true, { errorId: 449, message: BOX_DECIDED }],
  ["AAA", "gaf", false, { errorId: 449, message: FINAL }],
  ["ARA", "subgerencia", true, { errorId: 449, message: FINAL }],
  ["---", null, true, { errorId: 600, message: NOT_APPROVER }],
  ["AAA", null, true, { errorId: 600, message: NOT_APPROVER }],
];

Deno.test("each approver decides only its own box, once, until the reprimand is final", () => {
  for (const [b, mine, approve, want] of cases) {
    const got = decide(boxes(b), mine, approve);
    const label = `${b} ${mine} ${approve}`;
    if ("box" in want) assert.deepEqual(got, { ok: true, box: want.box, approve }, label);
    else assert.deepEqual(got, { ok: false, ...want }, label);
    assert.equal(canDecide(boxes(b), mine), "box" in want, label);
  }
});

Deno.test("state: pending until all three decide; approved only when all three approve", () => {
  const states: [string, string][] = [
    ["---", "PENDIENTE"],
    ["AA-", "PENDIENTE"],
    ["R--", "PENDIENTE"],
    ["AAA", "APROBADA"],
    ["AAR", "DESAPROBADA"],
    ["RRR", "DESAPROBADA"],
  ];
  for (const [b, s] of states) assert.equal(stateOf(boxes(b)), s, b);
});

Deno.test("final amount: base less the discount, rounded half away from zero", () => {
  assert.equal(finalAmount(500, 10), 450);
  assert.equal(finalAmount(1000, 0), 1000);
  assert.equal(finalAmount(333.33, 12.5), 291.66);
  assert.equal(finalAmount(0.05, 50), 0.03);
  assert.equal(finalAmount(250, 100), 0);
});
