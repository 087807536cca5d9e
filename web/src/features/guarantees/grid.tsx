// The guarantee grids (spec 3 section 2.3): grouping, floating filters, single row selection, paging, Excel
// export and a refresh button with its toast. Built on TanStack Table and the shared table's columns,
// styles and Excel export.
import {
  type ColumnFiltersState,
  type ExpandedState,
  type FilterFn,
  getCoreRowModel,
  getExpandedRowModel,
  getFilteredRowModel,
  getGroupedRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type GroupingState,
  type RowSelectionState,
  type SortingFn,
  type SortingState,
  useReactTable,
} from "@tanstack/react-table";
import { Button } from "primereact/button";
import { Dropdown } from "primereact/dropdown";
import { InputText } from "primereact/inputtext";
import { Toast } from "primereact/toast";
import { type ReactNode, useRef, useState } from "react";
import { cellText, type Column, smartSort } from "../../components/data-table/columns.ts";
import { exportRows } from "../../components/data-table/excel-export.ts";
import { Pager } from "../../components/data-table/pager.tsx";
import { bodyCell, HeaderCell, MessageRow } from "../../components/data-table/parts.tsx";
import { foldText } from "../../lib/text.ts";

export const REFRESHED = "Registros actualizado satisfactoriamente!";

/** Matches the text a cell shows, case and accents aside. */
const textFilter: FilterFn<unknown> = (row, columnId, filter: string) => {
  const col = row.getAllCells().find((c) => c.column.id === columnId)?.column;
  return foldText(cellText(row.getValue(columnId), col?.columnDef.meta?.format)).includes(
    foldText(filter.trim()),
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
    defaultColumn: { sortingFn: smartSort as SortingFn<T>, filterFn: textFilter as FilterFn<T> },
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
      // The data rows after the filters, in the order shown (the group headers are not data).
      const flat = table.getSortedRowModel().flatRows.filter((r) => !r.getIsGrouped());
      await exportRows(title, table.getVisibleLeafColumns(), flat.map((r) => r.original));
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
                {hg.headers.map((h) => <HeaderCell key={h.id} header={h} />)}
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
            {loading || rows.length === 0
              ? <MessageRow colSpan={colCount} loading={loading} empty={props.emptyMessage} />
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
                      {r.getVisibleCells().map(bodyCell)}
                    </tr>
                  )
              )}
          </tbody>
        </table>
      </div>
      {total > pagination.pageSize
        ? (
          <Pager
            page={pagination.pageIndex + 1}
            pageSize={pagination.pageSize}
            total={total}
            onPage={(p) => setPagination((x) => ({ ...x, pageIndex: p - 1 }))}
          />
        )
        : dataCount > 0 && (
          <p className="dt-count">{dataCount === 1 ? "1 registro" : `${dataCount} registros`}</p>
        )}
    </section>
  );
}

/**
 * A guarantee list screen: a card with its lead line (or its own head) over the grid of a query's rows, one
 * row per guarantee detail, loading until the first answer and 'refresh' reading the query again; the
 * screen's dialogs follow as children.
 */
/** The rows a grid reads: the query's answer, its first load (the grid's loading row) and its refetch. */
export interface RowsQuery<T> {
  data: T[] | undefined;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/** A grid fed by its query: 'Actualizar' reads it again. */
export function QueryGrid<T>(
  { query, ...grid }: Omit<GridProps<T>, "data" | "loading" | "onRefresh"> & { query: RowsQuery<T> },
) {
  return (
    <GuaranteeGrid
      {...grid}
      data={query.data}
      loading={query.isFetching && !query.data}
      onRefresh={query.refetch}
    />
  );
}

export function GuaranteeList<T extends { id_garantia_detalle: number }>(
  { query, lead, head, children, ...grid }:
    & Omit<GridProps<T>, "data" | "loading" | "onRefresh" | "getRowId">
    & {
      query: RowsQuery<T>;
      lead?: ReactNode;
      head?: ReactNode;
      children?: ReactNode;
    },
) {
  return (
    <div className="card">
      {lead && <p className="page-lead">{lead}</p>}
      {head}
      <QueryGrid {...grid} query={query} getRowId={(r) => String(r.id_garantia_detalle)} />
      {children}
    </div>
  );
}
