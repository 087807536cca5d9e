// A filter bar's frame and its labelled slots, shared by the reports' filters (reports/shared/filters.tsx)
// and the feature screens that filter a listing the same way ('Lista Roja').
import type { ReactNode } from "react";
import "./filter-bar.css";

/**
 * A dropdown's arrow is a div with role button and no name (axe: aria-command-name): it gets the filter's
 * label. The dropdown itself is named by its label element.
 */
export const namedTrigger = (label: string) => ({ trigger: { "aria-label": label } });

export function FilterBar({ children }: { children: ReactNode }) {
  return <div className="filter-bar" role="group" aria-label="Filtros">{children}</div>;
}

/** One filter: its label above its control. */
export function Filter({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="filter">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}
