// The frame every report screen shares: the page that waits for the base figures, and the report's frame
// (its filter bar with the loading line, the headline figure, the sections, the no-data warning, the
// generic failure in place of all of it). A screen passes only what is its own.

import { type ReactNode, useEffect } from "react";
import { prefetch } from "../../analytics/use-report.ts";
import { type Base, type CatalogBase, catalogBase, useBase } from "./base.ts";
import { FilterBar } from "../../components/filters/filter-bar.tsx";
import {
  NoDataModal,
  type NoDataWarning,
  ReportFailure,
  ReportProgress,
  useSlowPending,
} from "./report-states.tsx";
import type { LoadProgress } from "../../analytics/engine.ts";

/**
 * Reads the base (today, malls, comparison year) and meanwhile starts loading the partitions the screen's
 * first report will most likely name (once, when the screen opens), so their download overlaps the start of
 * DuckDB; then shows the screen.
 */
export function ReportPage(
  props: { prefetch: (b: CatalogBase) => string[]; children: (base: Base) => ReactNode },
) {
  const base = useBase();
  useEffect(() => prefetch((cat) => props.prefetch(catalogBase(cat))), []);
  if (base.error) return <ReportFailure />;
  if (!base.data) return <ReportProgress progress={base.progress} pending />;
  return props.children(base.data);
}

/** The figure under the filters: 'Venta nacional al …' and its amount (data-testid = id). */
export interface Headline {
  id: string;
  title: ReactNode;
  value: string;
  detail?: ReactNode;
}

export function ReportFrame(props: {
  /** The filter controls; the loading line follows them. */
  filters: ReactNode;
  progress: LoadProgress;
  /** The figures on screen are not those of the filters yet (shown so after FEEDBACK_DELAY_MS). */
  pending: boolean;
  /** A report of the screen failed: the generic error replaces the screen. */
  failed: boolean;
  headline?: Headline;
  warning?: NoDataWarning | null;
  onWarningClose?: () => void;
  children: ReactNode;
}) {
  const { headline } = props;
  const pending = useSlowPending(props.pending);
  if (props.failed) return <ReportFailure />;
  return (
    // Busy at once (assistive technology, the tests and the benchmark wait on it); the visible feedback
    // only after FEEDBACK_DELAY_MS.
    <div className="report" aria-busy={props.pending}>
      <div className="card">
        <FilterBar>
          {props.filters}
          <ReportProgress progress={props.progress} pending={pending} />
        </FilterBar>
      </div>
      {headline && (
        <section className={`card ${pending ? "report-stale" : ""}`} aria-labelledby={headline.id}>
          <div className="report-header">
            <h2 id={headline.id}>{headline.title}</h2>
            <span className="big" data-testid={headline.id}>{headline.value}</span>
            {headline.detail && <span className="muted">{headline.detail}</span>}
          </div>
        </section>
      )}
      {props.children}
      <NoDataModal warning={props.warning ?? null} onClose={props.onWarningClose ?? (() => {})} />
    </div>
  );
}
