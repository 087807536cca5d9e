// The drill-down of a report's figure, the same on every screen: the rows behind it (a row's or the total's
// contracts, a contract's closings), computed only while open, in a dialog whose table has the report's
// export (the totals row last); and the toolbar button that opens it on a table's total.

import { Button } from "primereact/button";
import { type ReactNode, useCallback, useMemo, useRef, useState } from "react";
import type { Statements } from "../../analytics/connector.ts";
import { type ReportSpec, useReport } from "../../analytics/use-report.ts";
import type { Column, columnsOf } from "../../components/data-table/columns.ts";
import { DialogFrame } from "../../components/dialogs/dialog-frame.tsx";
import { PivotTable } from "./pivot-table.tsx";

/** The rows of a drill-down and, when it has one, its totals row. */
export interface DrillRows<R> {
  rows: R[];
  total?: R | null;
}

/** A drill-down's `select` of a statement of rows and one of its total (one row). */
export const rowsWithTotal = <R,>(x: { rows: R[]; total: R[] }): DrillRows<R> => ({
  rows: x.rows,
  total: x.total[0] ?? null,
});

/**
 * A screen's drill-down: the figure it is open on (null: closed), `show` and `close`; and, with `total`, the
 * toolbar's 'Contratos del total' opening it on that figure, enabled once `ready` (memoized: a new element
 * each render would draw the memoized table again).
 */
export function useDrill<T>(o: { total?: T; ready?: boolean; icon?: false } = {}) {
  const [open, show] = useState<T | null>(null);
  const close = useCallback(() => show(null), []);
  const { total, ready = false, icon } = o;
  const actions: ReactNode = useMemo(
    () => total !== undefined && totalDrillButton({ disabled: !ready, icon, onClick: () => show(total) }),
    [ready],
  );
  return { open, show, close, actions };
}

/** The rows' 'Contratos' column ('Contratos de …' each): it opens the drill-down of the row. */
export function contractsColumn<R>(
  c: ReturnType<typeof columnsOf<R>>,
  name: (row: R) => string,
  onClick: (row: R) => void,
  o: { icon?: string } = {},
) {
  return c.button("contratos", "Contratos", {
    ...(o.icon ? { icon: o.icon } : { label: "Contratos" }),
    name: (row) => `Contratos de ${name(row)}`,
    onClick,
  });
}

/**
 * The dialog of a drill-down (`useDrill`'s): shown while open on a figure, whose header, table title (the
 * export's file name), columns and report it says; its report is computed only while open. Closed, it keeps
 * the last figure (its closing shows it, computing nothing).
 */
export function DrillDialog<T, St extends Statements, R>(props: DrillProps<T, St, R>) {
  const last = useRef<T | null>(null);
  if (props.drill.open !== null) last.current = props.drill.open;
  return last.current === null ? null : <DrillBody {...props} on={last.current} />;
}

/** A drill-down of contracts (spread on the dialog): its header 'Contratos · X' and table title 'Contratos X'. */
export const contractsDrill = <T,>(
  drill: DrillProps<T, Statements, unknown>["drill"],
  name: (on: T) => string,
) => ({
  drill,
  header: (on: T) => `Contratos · ${name(on)}`,
  title: (on: T) => `Contratos ${name(on)}`,
});

interface DrillProps<T, St extends Statements, R> {
  drill: { open: T | null; close: () => void };
  header: (on: T) => string;
  title: (on: T) => string;
  report: (on: T) => ReportSpec<St, DrillRows<R>>;
  /** The table's columns; of the figure where they depend on it (its currency). */
  columns: Column<R>[] | ((on: T) => Column<R>[]);
  width: string;
  pageSize?: number;
}

function DrillBody<T, St extends Statements, R>(props: DrillProps<T, St, R> & { on: T }) {
  const { drill, on } = props;
  const open = drill.open !== null;
  const r = useReport({ ...props.report(on), enabled: open });
  // No rows of another figure while this one's compute (the dialog opened on another row).
  const loading = r.pending || !r.data;
  return (
    <DialogFrame header={props.header(on)} visible={open} onClose={drill.close} width={props.width}>
      <PivotTable
        title={props.title(on)}
        columns={typeof props.columns === "function" ? props.columns(on) : props.columns}
        rows={loading ? undefined : r.data!.rows}
        totals={loading ? null : r.data!.total}
        loading={loading}
        pageSize={props.pageSize}
      />
    </DialogFrame>
  );
}

/**
 * 'Contratos del total': a table's toolbar button that opens the drill-down of its totals row. Made in a
 * useMemo by the screen: a new element each render would draw the memoized table again.
 */
export function totalDrillButton(o: {
  disabled: boolean;
  onClick: () => void;
  /** The accessible name when the screen has one table per currency ('Contratos del total S/'). */
  ariaLabel?: string;
  icon?: boolean;
}) {
  return (
    <Button
      type="button"
      label="Contratos del total"
      icon={o.icon === false ? undefined : "pi pi-list"}
      outlined
      size="small"
      aria-label={o.ariaLabel}
      disabled={o.disabled}
      onClick={o.onClick}
    />
  );
}
