// A figure's card in a 'kpi-grid' (the Dashboard's traffic and vacancy, a provision's percentages): its
// label, the figure and what goes under it (its change, a note).

import type { ReactNode } from "react";

export function Kpi(props: {
  label: string;
  value: string;
  /** The card's accessible name: its label unless given. */
  name?: string;
  /** The figure's data-testid. */
  testId?: string;
  /** The card's tooltip (how the figure is made). */
  note?: string;
  children?: ReactNode;
}) {
  return (
    <div className="kpi" aria-label={props.name ?? props.label} title={props.note}>
      <div className="kpi-label">{props.label}</div>
      <div className="kpi-value" data-testid={props.testId}>{props.value}</div>
      {props.children}
    </div>
  );
}
