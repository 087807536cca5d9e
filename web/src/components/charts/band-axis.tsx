// The x axis of a chart of labels: every label where they fit. Where they do not (a phone, a half-width
// card), names of several words (malls, categories) wrap within their slot, and single-word labels of a
// sequence (months, days) are thinned to every second, third… one: never 'EneFebMar…' as one smudge.

import { Axis, DataContext } from "@visx/xychart";
import { useContext } from "react";

/** Pixels a label of n characters takes at the axis' 11 px font, with a gap to the next. */
const labelWidth = (chars: number) => chars * 6.5 + 10;

/** Every k-th label (the first always) so that each has the room it needs in `width` pixels. */
export function thinLabels(labels: readonly string[], width: number): string[] {
  if (labels.length === 0 || width <= 0) return [...labels];
  const need = labelWidth(Math.max(...labels.map((l) => l.length)));
  const step = Math.max(1, Math.ceil(need / (width / labels.length)));
  return labels.filter((_, i) => i % step === 0);
}

/** How the labels are drawn in `width` pixels: all on one line, wrapped within their slot, or thinned. */
export function bandLabels(
  labels: readonly string[],
  width: number,
): { shown: string[]; wrap: number | null } {
  const slot = labels.length ? width / labels.length : 0;
  const fits = width <= 0 || labels.every((l) => labelWidth(l.length) <= slot);
  if (fits) return { shown: [...labels], wrap: null };
  if (labels.some((l) => l.includes(" "))) return { shown: [...labels], wrap: Math.max(slot - 4, 24) };
  return { shown: thinLabels(labels, width), wrap: null };
}

export function BandAxis() {
  const { innerWidth, xScale } = useContext(DataContext);
  const { shown, wrap } = bandLabels((xScale?.domain() ?? []).map(String), innerWidth ?? 0);
  return (
    <Axis
      orientation="bottom"
      tickValues={shown}
      tickLabelProps={wrap
        ? () => ({ width: wrap, verticalAnchor: "start", lineHeight: "1.1em" })
        : undefined}
    />
  );
}
