// The guarantee grids (spec 3 section 2.3): grouping, floating filters, single row selection, paging, Excel
// export and a refresh button with its toast. Built on TanStack Table and the shared table's columns,
// styles and Excel export.
import {
  type ColumnFiltersState,
  type ExpandedState,
  type FilterFn,
  flexRender,
  getCoreRowModel,
  getExpandedRowModel,
  getFilteredRowModel,
  getGroupedRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type GroupingState,
  type RowSelectionState,
  type SortingState,
  type Table,
  useReactTable,
} from "@tanstack/react-table";
import { Button } from "primereact/button";
import { Dropdown } from "primereact/dropdown";
import { InputText } from "primereact/inputtext";
import { Paginator } from "primereact/paginator";
import { Toast } from "primereact/toast";
import { useRef, useState } from "react";
import { cellText, type Column, smartSort } from "../../../components/data-table/columns.ts";
import { exportTable } from "../../../components/data-table/excel-export.ts";

export const REFRESHED = "Registros actualizado satisfactoriamente!";

const normalize = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

/** Matches the text a cell shows, case and accents aside. */
const textFilter: FilterFn<unknown> = (row, columnId, filter: string) => {
  const col = row.getAllCells().find((c) => c.column.id === columnId)?.column;
  return normalize(cellText(row.getValue(columnId), col?.columnDef.meta?.format)).includes(
    normalize(filter.trim()),
  );
};

export interface GridProps<T> {
  title: string;
  columns: Column<T>[];
  data: T[] | undefined;
  loading?: boolean;
  /** Columns the rows may be grouped by. */
  groupBy?: { id: string; label: string }[];
  pageSize?: number;
  getRowId: (row: T) => string;
  onRefresh?: () => Promise<unknown>;
  emptyMessage?: string;
}

export function GuaranteeGrid<T>(props: GridProps<T>) {
  const { title, columns, data, loading, pageSize = 10 } = props;
  const toast = useRef<Toast>(null);
  const [globalFilter, setGlobalFilter] = useState("");
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
  const [sorting, setSorting] = useState<SortingState>([]);
  const [grouping, setGrouping] = useState<GroupingState>([]);
  const [expanded, setExpanded] = useState<ExpandedState>(true);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize });
  const [busy, setBusy] = useState<"" | "refresh" | "export">("");

  const table = useReactTable<T>({
    data: data ?? [],
    columns,
    getRowId: props.getRowId,
    defaultColumn: { sortingFn: smartSort as never, filterFn: textFilter as FilterFn<T> },
    state: { globalFilter, columnFilters, sorting, grouping, expanded, rowSelection, pagination },
    globalFilterFn: textFilter as FilterFn<T>,
    getColumnCanGlobalFilter: (c) => !!c.accessorFn && c.columnDef.meta?.export !== false,
    enableMultiRowSelection: false,
    autoResetPageIndex: false,
    onGlobalFilterChange: (v) => {
      setGlobalFilter(v);
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    },
    onColumnFiltersChange: (u) => {
      setColumnFilters(u);
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    },
    onSortingChange: setSorting,
    onGroupingChange: setGrouping,
    onExpandedChange: setExpanded,
    onRowSelectionChange: setRowSelection,
    onPaginationChange: setPagination,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getGroupedRowModel: getGroupedRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });

  const refresh = async () => {
    if (!props.onRefresh) return;
    setBusy("refresh");
    try {
      await props.onRefresh();
      toast.current?.show({ severity: "success", summary: "Garantías", detail: REFRESHED, life: 3000 });
    } finally {
      setBusy("");
    }
  };
  const download = async () => {
    setBusy("export");
    try {
      // The flat rows after the filters (the group headers are not data).
      const flat = {
        getVisibleLeafColumns: () => table.getVisibleLeafColumns(),
        getPrePaginationRowModel: () => table.getFilteredRowModel(),
      } as unknown as Table<T>;
      await exportTable(flat, title);
    } finally {
      setBusy("");
    }
  };

  const rows = table.getRowModel().rows;
  const total = table.getPrePaginationRowModel().rows.length;
  const dataCount = table.getFilteredRowModel().rows.length;
  const colCount = table.getVisibleLeafColumns().length;

  return (
    <section className="dt gg" aria-label={title}>
      <Toast ref={toast} position="top-right" />
      <div className="gg-toolbar">
        <InputText
          type="search"
          value={globalFilter}
          placeholder="Buscar..."
          aria-label={`Buscar en ${title}`}
          onChange={(e) => table.setGlobalFilter(e.target.value)}
        />
        <div className="dt-actions">
          {props.groupBy && (
            <Dropdown
              value={grouping[0] ?? null}
              options={props.groupBy.map((g) => ({ label: g.label, value: g.id }))}
              onChange={(e) => setGrouping(e.value ? [e.value] : [])}
              placeholder="Agrupar por..."
              showClear
              aria-label="Agrupar por"
              pt={{ trigger: { "aria-label": "Mostrar opciones de agrupación" } }}
            />
          )}
          {props.onRefresh && (
            <Button
              type="button"
              icon="pi pi-refresh"
              label="Actualizar"
              outlined
              loading={busy === "refresh"}
              onClick={refresh}
            />
          )}
          <Button
            type="button"
            label="Descargar"
            icon="pi pi-file-excel"
            severity="success"
            outlined
            loading={busy === "export"}
            disabled={loading || dataCount === 0}
            onClick={download}
          />
        </div>
      </div>
      <div className="dt-scroll">
        <table className="dt-table">
          <caption className="sr-only">{title}</caption>
          <thead>
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {hg.headers.map((h) => (
                  <th key={h.id} scope="col" className={h.column.columnDef.meta?.numeric ? "num" : undefined}>
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
                              h.column.getIsSorted() === "asc"
                                ? "pi-sort-amount-up-alt"
                                : h.column.getIsSorted() === "desc"
                                ? "pi-sort-amount-down"
                                : "pi-sort-alt"
                            }`}
                          />
                        </button>
                      )
                      : flexRender(h.column.columnDef.header, h.getContext())}
                  </th>
                ))}
              </tr>
            ))}
            <tr className="gg-filters">
              {table.getVisibleLeafColumns().map((col) => (
                <th key={col.id}>
                  {col.getCanFilter() && typeof col.columnDef.header === "string" && (
                    <input
                      type="search"
                      aria-label={`Filtrar ${col.columnDef.header}`}
                      value={(col.getFilterValue() as string) ?? ""}
                      onChange={(e) => col.setFilterValue(e.target.value || undefined)}
                    />
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {loading
              ? (
                <tr>
                  <td colSpan={colCount} className="dt-message">
                    <i className="pi pi-spin pi-spinner" aria-hidden="true" /> Cargando información ...
                  </td>
                </tr>
              )
              : rows.length === 0
              ? (
                <tr>
                  <td colSpan={colCount} className="dt-message">
                    {props.emptyMessage ?? "No hay datos registrados."}
                  </td>
                </tr>
              )
              : rows.map((r) =>
                r.getIsGrouped()
                  ? (
                    <tr key={r.id} className="gg-group">
                      <td colSpan={colCount}>
                        <button
                          type="button"
                          className="dt-sort"
                          aria-expanded={r.getIsExpanded()}
                          onClick={r.getToggleExpandedHandler()}
                        >
                          <i className={`pi ${r.getIsExpanded() ? "pi-chevron-down" : "pi-chevron-right"}`} />
                          {cellText(
                            r.groupingValue,
                            table.getColumn(r.groupingColumnId!)?.columnDef.meta?.format,
                          ) ||
                            "(vacío)"} ({r.subRows.length})
                        </button>
                      </td>
                    </tr>
                  )
                  : (
                    <tr
                      key={r.id}
                      className={`gg-row ${r.getIsSelected() ? "gg-selected" : ""}`}
                      aria-selected={r.getIsSelected()}
                      onClick={() => r.toggleSelected(true)}
                    >
                      {r.getVisibleCells().map((c) => (
                        <td key={c.id} className={c.column.columnDef.meta?.numeric ? "num" : undefined}>
                          {flexRender(c.column.columnDef.cell, c.getContext())}
                        </td>
                      ))}
                    </tr>
                  )
              )}
          </tbody>
        </table>
      </div>
      {total > pagination.pageSize
        ? (
          <Paginator
            first={pagination.pageIndex * pagination.pageSize}
            rows={pagination.pageSize}
            totalRecords={total}
            onPageChange={(e) => setPagination((p) => ({ ...p, pageIndex: e.page }))}
            template="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport"
            currentPageReportTemplate="{first} - {last} de {totalRecords}"
          />
        )
        : dataCount > 0 && (
          <p className="dt-count">{dataCount === 1 ? "1 registro" : `${dataCount} registros`}</p>
        )}
    </section>
  );
}
