// The heat maps' colour rules worked by hand (contract/maps.ts): the slider's three ranges, the light of a
// percentage at the range edges, grey without a figure or a category, partitions that do not cover 0–100
// refused (also by the add body), and the vacancy % of a set of locals.
import assert from "node:assert/strict";
import {
  categoryAddBody,
  categoryBodyOf,
  closingRangeOf,
  isPartition,
  lightOf,
  salesRangeOf,
  semaforoOf,
  vacancyOf,
} from "#contract/maps.ts";

Deno.test("semaforoOf(): green 0..first, yellow first+1..second, red second+1 (capped) to 100", () => {
  assert.deepEqual(semaforoOf(30, 60), {
    verde: { desde: 0, hasta: 30 },
    amarillo: { desde: 31, hasta: 60 },
    rojo: { desde: 61, hasta: 100 },
  });
  assert.deepEqual(semaforoOf(0, 99).rojo, { desde: 100, hasta: 100 });
  assert.deepEqual(semaforoOf(10, 100).rojo, { desde: 100, hasta: 100 }, "capped at 100");
});

Deno.test("lightOf(): the range edges of 30/60, and grey without figure or ranges", () => {
  const s = semaforoOf(30, 60);
  const cases: [number | null, string][] = [
    [0, "verde"],
    [30, "verde"],
    [30.01, "amarillo"],
    [31, "amarillo"],
    [60, "amarillo"],
    [60.5, "rojo"],
    [61, "rojo"],
    [100, "rojo"],
    [250, "rojo"],
    [null, "gris"],
    [Number.NaN, "gris"],
  ];
  for (const [pct, light] of cases) assert.equal(lightOf(pct, s), light, `${pct}%`);
  assert.equal(lightOf(10, null), "gris", "a shop without category");
});

Deno.test("isPartition(): only the slider's partitions of 0–100 pass", () => {
  const ok = semaforoOf(30, 60);
  assert.ok(isPartition(ok));
  assert.ok(isPartition(semaforoOf(0, 1)));
  const bad: [string, typeof ok][] = [
    ["green does not start at 0", { ...ok, verde: { desde: 5, hasta: 30 } }],
    ["red does not reach 100", { ...ok, rojo: { desde: 61, hasta: 90 } }],
    ["gap between green and yellow", { ...ok, amarillo: { desde: 33, hasta: 60 } }],
    ["overlap of yellow and red", { ...ok, rojo: { desde: 55, hasta: 100 } }],
    ["yellow empty (handles equal)", semaforoOf(40, 40)],
    ["handles crossed", semaforoOf(70, 20)],
    ["not whole percents", { ...ok, verde: { desde: 0, hasta: 30.5 } }],
    ["above 100", { ...ok, rojo: { desde: 61, hasta: 101 } }],
  ];
  for (const [why, s] of bad) assert.equal(isPartition(s), false, why);
});

Deno.test("categoryAddBody refuses a partition that does not cover 0–100 with the message on 'semaforo'", () => {
  assert.ok(categoryAddBody.safeParse(categoryBodyOf("Moda", 30, 60)).success);
  const r = categoryAddBody.safeParse({ ...categoryBodyOf("Moda", 30, 60), rojoHasta: 95 });
  assert.equal(r.success, false);
  assert.deepEqual(r.error?.issues.map((i) => i.path.join(".")), ["semaforo"]);
  const blank = categoryAddBody.safeParse(categoryBodyOf("  ", 30, 60));
  assert.equal(blank.error?.issues[0].message, "Ingresar el nombre de la categoría");
});

Deno.test("vacancyOf(): area in status 4 over the whole area", () => {
  const v = vacancyOf([{ area: 100, estado: 1 }, { area: 50, estado: 4 }, { area: 50, estado: 2 }]);
  assert.deepEqual(v, { areaArrendable: 200, vacancy: 25 });
  assert.deepEqual(vacancyOf([]), { areaArrendable: 0, vacancy: 0 });
});

Deno.test("salesRangeOf(): six ranges red to green at 50, 75, 90, 110 and 130 %; none without a ratio", () => {
  const cases: [number | null, number][] = [
    [0, 1],
    [49.99, 1],
    [50, 2],
    [74.99, 2],
    [75, 3],
    [90, 4],
    [109.99, 4],
    [110, 5],
    [129.99, 5],
    [130, 6],
    [900, 6],
    [null, 0],
    [Number.POSITIVE_INFINITY, 0],
  ];
  for (const [ratio, id] of cases) assert.equal(salesRangeOf(ratio), id, `${ratio}%`);
});

Deno.test("closingRangeOf(): up to date, 1–3 days missing, more; none without a contract in operation", () => {
  const cases: [number | null, number][] = [[0, 1], [1, 2], [3, 2], [4, 3], [30, 3], [null, 0]];
  for (const [days, id] of cases) assert.equal(closingRangeOf(days), id, `${days} days`);
});
