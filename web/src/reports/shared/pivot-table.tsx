// A report table on the shared data table's parts (column builders, formats, Spanish sorting, Excel file
// naming): the rows sort by any column's value, the totals row — computed by the report SQL from the sums —
// stays last, and the Excel export carries it too.

import { getCoreRowModel, type SortingState, useReactTable } from "@tanstack/react-table";
import { memo, useMemo, useState } from "react";
import { cellContent, cellText, type Column } from "../../components/data-table/columns.ts";
import { DownloadButton } from "../../components/data-table/download-button.tsx";
import { exportRows } from "../../components/data-table/excel-export.ts";
import { Pager } from "../../components/data-table/pager.tsx";
import { firstSortKey, sortRows, withFirstSortDirs } from "../../components/data-table/sort-rows.ts";
import { cellLabel, HeaderCell, MessageRow } from "../../components/data-table/parts.tsx";
import "./reports.css";

export interface PivotTableProps<T> {
  title: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  totals?: T | null;
  pageSize?: number;
  loading?: boolean;
  actions?: React.ReactNode;
}

/**
 * A cell's classes: numbers to the right; a row action ('dt-action', not exported) stays in view at the
 * table's right edge while a wide report scrolls inside its card (reports.css), its first column frozen.
 */
const cellClass = (meta: { numeric?: boolean; export?: boolean } | undefined) =>
  meta?.export === false ? "dt-action" : meta?.numeric ? "num" : undefined;

/** Drawn again only when its props change (rows memoized by the screens on their report's figures). */
export const PivotTable = memo(PivotTableView) as typeof PivotTableView;

function PivotTableView<T>(props: PivotTableProps<T>) {
  const { title, columns, rows, totals, pageSize = 8 } = props;
  const [sorting, setSorting] = useState<SortingState>([]);
  const [page, setPage] = useState(0);
  // Sorted and paged here; the table gets the page's rows only (sort-rows.ts says why).
  const all = rows ?? [];
  const dirs = firstSortKey(columns, all[0]);
  const tableColumns = useMemo(() => withFirstSortDirs(columns, dirs), [columns, dirs]);
  const sorted = useMemo(() => sortRows(all, sorting, columns), [rows, sorting, columns]);
  const pages = Math.max(1, Math.ceil(sorted.length / pageSize));
  const current = Math.min(page, pages - 1);
  const shown = useMemo(
    () => sorted.slice(current * pageSize, (current + 1) * pageSize),
    [sorted, current, pageSize],
  );
  const table = useReactTable<T>({
    data: shown,
    columns: tableColumns,
    state: { sorting },
    onSortingChange: setSorting,
    manualSorting: true,
    // Never asked for: the body is drawn from `shown` (TanStack Table only heads and sorts the columns).
    getCoreRowModel: getCoreRowModel(),
  });
  const leaves = table.getVisibleLeafColumns();
  const [exporting, setExporting] = useState(false);
  const download = async () => {
    setExporting(true);
    try {
      // The totals row goes last, as on screen.
      await exportRows(title, leaves, [...sorted, ...(totals ? [totals] : [])]);
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="dt dt-report" aria-label={title}>
      <div className="dt-toolbar">
        <strong>{title}</strong>
        <div className="dt-actions">
          {props.actions}
          <DownloadButton
            name={title}
            loading={exporting}
            disabled={!!props.loading || sorted.length === 0}
            onClick={download}
          />
        </div>
      </div>
      <div className="dt-scroll">
        <table className="dt-table">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              {table.getHeaderGroups()[0].headers.map((h) => <HeaderCell key={h.id} header={h} />)}
            </tr>
          </thead>
          <tbody>
            {shown.length === 0
              ? (
                <MessageRow
                  colSpan={leaves.length}
                  loading={props.loading}
                  empty="No se encontraron registros"
                />
              )
              // Keyed by place on the page and by column: another month or mall mostly shows other rows in the
              // same places, and their cells' text changes where the rows' nodes would be removed and made.
              // Drawn from the columns, not TanStack's rows and cells: a screen's tables made some 700 cell
              // objects on each filter change only to read a value and a format.
              : shown.map((row, i) => (
                <tr key={i}>
                  {leaves.map((c) => (
                    <td
                      key={c.id}
                      className={cellClass(c.columnDef.meta)}
                      data-label={cellLabel(c.columnDef)}
                    >
                      {cellContent(c.columnDef.meta, row, c.accessorFn?.(row, i))}
                    </td>
                  ))}
                </tr>
              ))}
          </tbody>
          {totals && shown.length > 0 && (
            <tfoot>
              <tr className="dt-total">
                {leaves.map((c) => (
                  <td key={c.id} className={cellClass(c.columnDef.meta)} data-label={cellLabel(c.columnDef)}>
                    {c.accessorFn ? cellText(c.accessorFn(totals, 0), c.columnDef.meta?.format) : null}
                  </td>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
      {sorted.length > pageSize && (
        <Pager
          page={current + 1}
          pageSize={pageSize}
          total={sorted.length}
          onPage={(p) => setPage(p - 1)}
        />
      )}
    </section>
  );
}
