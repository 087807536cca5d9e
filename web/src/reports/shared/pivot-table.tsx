// A report table on the shared data table's parts (column builders, formats, Spanish sorting, Excel file
// naming): the rows sort by any column's value, the totals row — computed by the report SQL from the sums —
// stays last, and the Excel export carries it too.

import {
  getCoreRowModel,
  getSortedRowModel,
  type SortingFn,
  type SortingState,
  useReactTable,
} from "@tanstack/react-table";
import { Button } from "primereact/button";
import { memo, useState } from "react";
import { cellText, type Column, smartSort } from "../../components/data-table/columns.ts";
import { exportRows } from "../../components/data-table/excel-export.ts";
import { Pager } from "../../components/data-table/pager.tsx";
import { BodyCell, HeaderCell, MessageRow } from "../../components/data-table/parts.tsx";
import "./reports.css";

export interface PivotTableProps<T> {
  title: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  totals?: T | null;
  pageSize?: number;
  loading?: boolean;
  getRowId?: (row: T) => string;
  actions?: React.ReactNode;
}

/** Drawn again only when its props change (rows memoized by the screens on their report's figures). */
export const PivotTable = memo(PivotTableView) as typeof PivotTableView;

function PivotTableView<T>(props: PivotTableProps<T>) {
  const { title, columns, rows, totals, pageSize = 8 } = props;
  const [sorting, setSorting] = useState<SortingState>([]);
  const [page, setPage] = useState(0);
  const table = useReactTable<T>({
    data: rows ?? [],
    columns,
    getRowId: props.getRowId,
    defaultColumn: { sortingFn: smartSort as SortingFn<T> },
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    autoResetPageIndex: false,
  });
  const sorted = table.getRowModel().rows;
  const pages = Math.max(1, Math.ceil(sorted.length / pageSize));
  const current = Math.min(page, pages - 1);
  const shown = sorted.slice(current * pageSize, (current + 1) * pageSize);
  const leaves = table.getVisibleLeafColumns();
  const [exporting, setExporting] = useState(false);
  const download = async () => {
    setExporting(true);
    try {
      // The totals row goes last, as on screen.
      await exportRows(title, leaves, [...sorted.map((r) => r.original), ...(totals ? [totals] : [])]);
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="dt" aria-label={title}>
      <div className="dt-toolbar">
        <strong>{title}</strong>
        <div className="dt-actions">
          {props.actions}
          <Button
            type="button"
            label="Descargar"
            icon="pi pi-file-excel"
            severity="success"
            outlined
            loading={exporting}
            disabled={props.loading || sorted.length === 0}
            onClick={download}
            aria-label={`Descargar ${title}`}
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
              : shown.map((r) => (
                <tr key={r.id}>
                  {r.getVisibleCells().map((c) => <BodyCell key={c.id} cell={c} />)}
                </tr>
              ))}
          </tbody>
          {totals && shown.length > 0 && (
            <tfoot>
              <tr className="dt-total">
                {leaves.map((c) => (
                  <td key={c.id} className={c.columnDef.meta?.numeric ? "num" : undefined}>
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
