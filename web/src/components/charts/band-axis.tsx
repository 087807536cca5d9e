// The x axis of a chart of labels (months, days): every label where they fit, else every second, third…
// label, so that a narrow chart (a phone, a half-width card) never prints 'EneFebMar…' as one smudge.

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

export function BandAxis() {
  const { innerWidth, xScale } = useContext(DataContext);
  const labels = (xScale?.domain() ?? []).map(String);
  return <Axis orientation="bottom" tickValues={thinLabels(labels, innerWidth ?? 0)} />;
}
