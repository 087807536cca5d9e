import assert from "node:assert/strict";
import { chartDays, type DayRow } from "../../web/src/reports/bitacora/report.ts";

// Bitácora's chart (issue 35): its figures stop at the last day with closings (today has none yet: not a drop
// to S/ 0), but its days go on to the last day with an event, so that an event logged today (the dialog's
// default date) is still marked on it.

const days: DayRow[] = [
  { fecha: "2024-07-10", venta: 300, venta_usd: 50, closings: true },
  { fecha: "2024-07-11", venta: 0, venta_usd: 0, closings: false },
  { fecha: "2024-07-12", venta: 200, venta_usd: 0, closings: true },
  { fecha: "2024-07-13", venta: 0, venta_usd: 0, closings: false },
  { fecha: "2024-07-14", venta: 0, venta_usd: 0, closings: false },
];
const shown = (eventDays: string[]) => chartDays(days, eventDays).map((d) => [d.fecha, d.venta]);

Deno.test("Bitácora's chart stops at the last day with closings, a day without closings before it is S/ 0", () => {
  assert.deepEqual(shown([]), [["2024-07-10", 300], ["2024-07-11", 0], ["2024-07-12", 200]]);
  // An event on a day with figures changes nothing.
  assert.deepEqual(shown(["2024-07-10"]), shown([]));
});

Deno.test("Bitácora's chart goes on to an event's day after the closings, without a figure there", () => {
  assert.deepEqual(shown(["2024-07-14", "2024-07-10"]), [
    ["2024-07-10", 300],
    ["2024-07-11", 0],
    ["2024-07-12", 200],
    ["2024-07-13", null],
    ["2024-07-14", null],
  ]);
  // A window without closings: only the days up to the event, none with a figure.
  const none = days.map((d) => ({ ...d, venta: 0, closings: false }));
  assert.deepEqual(chartDays(none, ["2024-07-11"]).map((d) => d.venta), [null, null]);
  assert.deepEqual(chartDays(none, []), []);
});
