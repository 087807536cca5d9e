// The two lines of a chart of the report year against the comparison year, the same colours on every screen
// (the report year blue, the compared one orange).

import type { Series } from "../../components/charts/charts.tsx";

/** The series of both years: `keys` name the data's fields (the report year's first), `labels` the legend. */
export const yearSeries = (
  labels: readonly [string | number, string | number],
  keys: readonly [string, string] = ["act", "cmp"],
): Series[] => [
  { key: keys[0], label: String(labels[0]), color: "#002e98" },
  { key: keys[1], label: String(labels[1]), color: "#f28c28" },
];
