import assert from "node:assert/strict";
import { bandLabels, thinLabels } from "../../web/src/components/charts/band-axis.tsx";

const MONTHS = ["Ene", "Feb", "Mar", "Abr", "May", "Jun", "Jul", "Ago", "Set", "Oct", "Nov", "Dic"];

// A 3-letter label at the axis' 11 px font needs 3 × 6.5 + 10 = 29.5 px.
const cases: [string, string[], number, string[]][] = [
  ["a wide chart: every month", MONTHS, 600, MONTHS],
  // 236 px / 12 = 19.7 px a month: every second month (29.5 / 19.7 → 2).
  ["a half-width card at 1280 px", MONTHS, 236, ["Ene", "Mar", "May", "Jul", "Set", "Nov"]],
  // 124 px / 12 = 10.3 px a month: every third (29.5 / 10.3 → 2.9 → 3).
  ["a phone", MONTHS, 124, ["Ene", "Abr", "Jul", "Oct"]],
  // 31 two-digit days in 300 px: 9.7 px a day, a label needs 23 px: every third day.
  [
    "the days of a month",
    Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(2, "0")),
    300,
    ["01", "04", "07", "10", "13", "16", "19", "22", "25", "28", "31"],
  ],
  ["not measured yet (width 0): every label", MONTHS, 0, MONTHS],
  ["no labels", [], 300, []],
];

for (const [name, labels, width, expected] of cases) {
  Deno.test(`chart axis labels: ${name}`, () => assert.deepEqual(thinLabels(labels, width), expected));
}

const MALLS = ["Santa Anita", "Arequipa", "Chiclayo", "Iquitos", "San Juan de Lurigancho"];
// 'San Juan de Lurigancho' needs 22 × 6.5 + 10 = 153 px.
const layouts: [string, string[], number, { shown: string[]; wrap: number | null }][] = [
  ["malls in a wide chart: one line each", MALLS, 800, { shown: MALLS, wrap: null }],
  // 325 px / 5 = 65 px a mall: every mall stays, its name wrapped within 61 px.
  ["malls in a narrow chart: wrapped, none dropped", MALLS, 325, { shown: MALLS, wrap: 61 }],
  ["months in a narrow chart: thinned", MONTHS, 124, { shown: ["Ene", "Abr", "Jul", "Oct"], wrap: null }],
];
for (const [name, labels, width, expected] of layouts) {
  Deno.test(`chart axis layout: ${name}`, () => assert.deepEqual(bandLabels(labels, width), expected));
}
