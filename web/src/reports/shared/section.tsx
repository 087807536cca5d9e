// A report's section: a card whose heading labels it (the chart of both years, the traffic cards, a
// provision's figures), with what stands beside the heading (links) and what the screen puts under it.

import type { ReactNode } from "react";

export function Section(props: {
  /** The heading's id. */
  id: string;
  heading: ReactNode;
  /** Beside the heading. */
  aside?: ReactNode;
  /** Classes besides `card` (`report-stale` while the figures are not those of the filters). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={props.className ? `card ${props.className}` : "card"} aria-labelledby={props.id}>
      <div className="card-head">
        <h2 id={props.id}>{props.heading}</h2>
        {props.aside}
      </div>
      {props.children}
    </section>
  );
}
