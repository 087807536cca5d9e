// The All-In map's rules worked by hand (contract/maps_all_in.ts, services/maps_all_in.ts; docs/metrics.md):
// the colour against the 'Todos' ranges or the chosen category's (another category and no figure grey), the
// default closing month, the year-to-date periods (the running month to yesterday, 29 February), and the
// assignment body (required messages, uppercased).
import assert from "node:assert/strict";
import { allInLightOf, assignmentBody, previousMonth } from "#contract/maps_all_in.ts";
import { semaforoOf } from "#contract/maps.ts";
import { periodOf } from "../../services/maps_all_in.ts";

const todos = semaforoOf(30, 60);
const food = semaforoOf(10, 20);

Deno.test("allInLightOf(): 'Todos' ranges for every shop, edges inclusive", () => {
  const light = (pct: number | null, cat: number | null) =>
    allInLightOf(pct, cat, 0, { todos, category: food });
  assert.equal(light(0, 5), "verde");
  assert.equal(light(30, 5), "verde");
  assert.equal(light(30.01, 5), "amarillo");
  assert.equal(light(60, 5), "amarillo");
  assert.equal(light(61, 5), "rojo");
  assert.equal(light(250, 5), "rojo");
  assert.equal(light(null, 5), "sinDatos");
  assert.equal(light(null, null), "sinDatos");
});

Deno.test("allInLightOf(): a chosen category's ranges for its shops, the others grey", () => {
  assert.equal(allInLightOf(15, 7, 7, { todos, category: food }), "amarillo");
  assert.equal(allInLightOf(25, 7, 7, { todos, category: food }), "rojo");
  assert.equal(allInLightOf(5, 8, 7, { todos, category: food }), "otra");
  assert.equal(allInLightOf(5, null, 7, { todos, category: null }), "otra");
  assert.equal(allInLightOf(null, 7, 7, { todos, category: food }), "sinDatos");
});

Deno.test("previousMonth(): the month before today's, across a year", () => {
  assert.equal(previousMonth("2026-11-24"), "2026-10");
  assert.equal(previousMonth("2026-01-01"), "2025-12");
});

Deno.test("periodOf(): 1 January to the month's end, to yesterday while it runs, 29 February", () => {
  assert.deepEqual(periodOf("2026-10", 2026, "2026-11-23"), {
    desde: "2026-01-01",
    hasta: "2026-10-31",
    dias: 304,
  });
  assert.deepEqual(periodOf("2026-10", 2025, "2026-11-23"), {
    desde: "2025-01-01",
    hasta: "2025-10-31",
    dias: 304,
  });
  assert.deepEqual(periodOf("2026-11", 2026, "2026-11-23"), {
    desde: "2026-01-01",
    hasta: "2026-11-23",
    dias: 327,
  });
  assert.deepEqual(periodOf("2024-02", 2024, "2026-11-23"), {
    desde: "2024-01-01",
    hasta: "2024-02-29",
    dias: 60,
  });
  assert.deepEqual(periodOf("2024-02", 2023, "2026-11-23"), {
    desde: "2023-01-01",
    hasta: "2023-02-28",
    dias: 59,
  });
});

Deno.test("assignmentBody: 'Ingrese contrato', 'Ingrese Local', both trimmed and uppercased", () => {
  const blank = assignmentBody.safeParse({ unidadEconomicaId: 3, contrato: "  ", local: "", version: 0 });
  assert.ok(!blank.success);
  // The first message of each field, as the API answers it.
  const messages: Record<string, string> = {};
  for (const i of blank.error.issues) messages[i.path.join(".")] ??= i.message;
  assert.deepEqual(messages, { contrato: "Ingrese contrato", local: "Ingrese Local" });
  const ok = assignmentBody.parse({
    unidadEconomicaId: 3,
    contrato: " ct000123 ",
    local: "l-101",
    version: 0,
  });
  assert.deepEqual([ok.contrato, ok.local], ["CT000123", "L-101"]);
});
