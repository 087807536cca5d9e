// A report table on the shared data table's parts (column builders, formats, Spanish sorting, Excel file
// naming): the rows sort by any column's value, the totals row — computed by the report SQL from the sums —
// stays last, and the Excel export carries it too.

import {
  type Column as TableColumn,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from "@tanstack/react-table";
import { Button } from "primereact/button";
import { Paginator } from "primereact/paginator";
import { useState } from "react";
import { cellText, type Column, smartSort } from "../../components/data-table/columns.ts";
import { excelFileName } from "../../components/data-table/excel-export.ts";
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

type AnyColumn<T> = TableColumn<T, unknown>;
const exported = <T,>(cols: AnyColumn<T>[]) =>
  cols.filter((c) =>
    c.accessorFn && c.columnDef.meta?.export !== false && typeof c.columnDef.header === "string"
  );

function excelValue<T>(c: AnyColumn<T>, row: T) {
  const v = c.accessorFn!(row, 0);
  return c.columnDef.meta?.numeric && typeof v === "number" ? v : cellText(v, c.columnDef.meta?.format);
}

/** '<title>.xlsx', sheet 'data': the sorted rows, then the totals row. */
export async function exportPivot<T>(title: string, cols: AnyColumn<T>[], rows: T[], totals?: T | null) {
  const XLSX = await import("xlsx");
  const columns = exported(cols);
  const body = [...rows, ...(totals ? [totals] : [])].map((r) => columns.map((c) => excelValue(c, r)));
  const ws = XLSX.utils.aoa_to_sheet([columns.map((c) => c.columnDef.header as string), ...body]);
  columns.forEach((c, ci) => {
    const z = c.columnDef.meta?.excelFormat;
    for (let ri = 1; z && ri <= body.length; ri++) {
      const cell = ws[XLSX.utils.encode_cell({ r: ri, c: ci })];
      if (cell && cell.t === "n") cell.z = z;
    }
  });
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, "data");
  XLSX.writeFile(wb, excelFileName(title));
}

export function PivotTable<T>(props: PivotTableProps<T>) {
  const { title, columns, rows, totals, pageSize = 8 } = props;
  const [sorting, setSorting] = useState<SortingState>([]);
  const [page, setPage] = useState(0);
  const table = useReactTable<T>({
    data: rows ?? [],
    columns,
    getRowId: props.getRowId,
    defaultColumn: { sortingFn: smartSort as never },
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
      await exportPivot(title, leaves, sorted.map((r) => r.original), totals);
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
              {table.getHeaderGroups()[0].headers.map((h) => {
                const s = h.column.getIsSorted();
                const numeric = h.column.columnDef.meta?.numeric;
                return (
                  <th
                    key={h.id}
                    scope="col"
                    className={numeric ? "num" : undefined}
                    aria-sort={s ? (s === "asc" ? "ascending" : "descending") : undefined}
                  >
                    {h.column.getCanSort()
                      ? (
                        <button
                          type="button"
                          className="dt-sort"
                          onClick={h.column.getToggleSortingHandler()}
                        >
                          {flexRender(h.column.columnDef.header, h.getContext())}
                          <i
                            aria-hidden="true"
                            className={`pi ${
                              s === "asc"
                                ? "pi-sort-amount-up-alt"
                                : s === "desc"
                                ? "pi-sort-amount-down"
                                : "pi-sort-alt"
                            }`}
                          />
                        </button>
                      )
                      : flexRender(h.column.columnDef.header, h.getContext())}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {shown.length === 0
              ? (
                <tr>
                  <td colSpan={leaves.length} className="dt-message">
                    {props.loading ? "Cargando información ..." : "No se encontraron registros"}
                  </td>
                </tr>
              )
              : shown.map((r) => (
                <tr key={r.id}>
                  {r.getVisibleCells().map((c) => (
                    <td key={c.id} className={c.column.columnDef.meta?.numeric ? "num" : undefined}>
                      {flexRender(c.column.columnDef.cell, c.getContext())}
                    </td>
                  ))}
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
        <Paginator
          first={current * pageSize}
          rows={pageSize}
          totalRecords={sorted.length}
          onPageChange={(e) => setPage(e.page)}
          template="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport"
          currentPageReportTemplate="{first} - {last} de {totalRecords}"
        />
      )}
    </section>
  );
}
