import {
  type FilterFn,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
  type VisibilityState,
} from "@tanstack/react-table";
import { IconField } from "primereact/iconfield";
import { InputIcon } from "primereact/inputicon";
import { InputText } from "primereact/inputtext";
import { MultiSelect } from "primereact/multiselect";
import { type ReactNode, useMemo, useState } from "react";
import { foldText } from "../../lib/text.ts";
import { cellText, type Column, smartSort } from "./columns.ts";
import { DownloadButton } from "./download-button.tsx";
import { exportTable } from "./excel-export.ts";
import { Pager } from "./pager.tsx";
import { bodyCell, HeaderCell, MessageRow } from "./parts.tsx";

/** What a screen keeps in its URL for a table: quick filter, sorted column and direction, 1-based page. */
export interface TableState {
  q: string;
  sort?: string;
  desc?: boolean;
  page: number;
}

export interface DataTableProps<T> {
  /** Caption, accessible name and Excel file name. */
  title: string;
  columns: Column<T>[];
  data: T[] | undefined;
  loading?: boolean;
  /** Rows per page (spec: 10 by default; 8 for users; 20 for roles). */
  pageSize?: number;
  /** Controlled state (from the route's search params); without it the table keeps its own. */
  state?: TableState;
  onStateChange?: (next: Partial<TableState>) => void;
  /** Buttons shown beside the quick filter (e.g. 'Añadir Usuario'). */
  actions?: ReactNode;
  getRowId?: (row: T) => string;
  emptyMessage?: string;
  /**
   * Columns hidden at first: the table then offers a column chooser ('Columnas'), and the Excel export
   * carries the columns shown.
   */
  hiddenColumns?: string[];
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { title, columns, data, loading, pageSize = 10, actions } = props;
  const [own, setOwn] = useState<TableState>({ q: "", page: 1 });
  const state = props.state ?? own;
  const change = (next: Partial<TableState>) =>
    props.onStateChange ? props.onStateChange(next) : setOwn((s) => ({ ...s, ...next }));
  const [exporting, setExporting] = useState(false);
  const [visibility, setVisibility] = useState<VisibilityState>(() =>
    Object.fromEntries((props.hiddenColumns ?? []).map((id) => [id, false]))
  );

  // Stable identities: the table recomputes its row models when these change.
  const sorting: SortingState = useMemo(
    () => (state.sort ? [{ id: state.sort, desc: !!state.desc }] : []),
    [state.sort, state.desc],
  );
  const rowsIn = useMemo(() => data ?? [], [data]);
  // The quick filter matches the text each cell shows, without regard to case or accents.
  const quickFilter = useMemo<FilterFn<T>>(() => {
    const formats = new Map(columns.map((c) => [c.id, c.meta?.format]));
    return (row, columnId, filter: string) =>
      foldText(cellText(row.getValue(columnId), formats.get(columnId))).includes(foldText(filter.trim()));
  }, [columns]);
  const table = useReactTable<T>({
    data: rowsIn,
    columns,
    getRowId: props.getRowId,
    defaultColumn: { sortingFn: smartSort<T> },
    state: { globalFilter: state.q, sorting, columnVisibility: visibility },
    onColumnVisibilityChange: setVisibility,
    globalFilterFn: quickFilter,
    getColumnCanGlobalFilter: (c) => !!c.accessorFn && c.columnDef.meta?.export !== false,
    onSortingChange: (updater) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      change({ sort: next[0]?.id, desc: next[0]?.desc || undefined, page: 1 });
    },
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    // Paging is done below from the URL's page; the table must not reset it (that re-renders in a loop).
    autoResetPageIndex: false,
    autoResetExpanded: false,
  });

  // Paged here rather than by the table, so that a page beyond the filtered rows shows the last one.
  const filtered = table.getPrePaginationRowModel().rows;
  const total = filtered.length;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const pageIndex = Math.min(Math.max(1, state.page || 1), pages) - 1;
  const rows = filtered.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize);
  const colCount = table.getVisibleLeafColumns().length;

  const download = async () => {
    setExporting(true);
    try {
      await exportTable(table, title);
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="dt" aria-label={title}>
      <div className="dt-toolbar">
        <IconField iconPosition="left" className="dt-search">
          <InputIcon className="pi pi-search" />
          <InputText
            type="search"
            value={state.q}
            placeholder="Buscar..."
            aria-label={`Buscar en ${title}`}
            onChange={(e) => change({ q: e.target.value, page: 1 })}
          />
        </IconField>
        <div className="dt-actions">
          {actions}
          {props.hiddenColumns && (
            <MultiSelect
              className="dt-columns"
              aria-label={`Columnas de ${title}`}
              placeholder="Columnas"
              selectedItemsLabel="Columnas ({0})"
              maxSelectedLabels={0}
              options={columns.filter((c) => c.meta?.export !== false && c.id).map((c) => ({
                value: c.id!,
                label: typeof c.header === "string" ? c.header : c.id!,
              }))}
              value={columns.filter((c) => c.id && c.meta?.export !== false && visibility[c.id] !== false)
                .map((c) => c.id!)}
              onChange={(e) => {
                const shown = new Set<string>(e.value);
                setVisibility(
                  Object.fromEntries(
                    columns.filter((c) => c.id).map((
                      c,
                    ) => [c.id!, shown.has(c.id!) || c.meta?.export === false]),
                  ),
                );
              }}
            />
          )}
          <DownloadButton loading={exporting} disabled={!!loading || total === 0} onClick={download} />
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
          </thead>
          <tbody>
            {loading || rows.length === 0
              ? <MessageRow colSpan={colCount} loading={loading} empty={props.emptyMessage} />
              : rows.map((r) => (
                <tr key={r.id}>
                  {r.getVisibleCells().map(bodyCell)}
                </tr>
              ))}
          </tbody>
        </table>
      </div>
      {total > pageSize && (
        <Pager
          page={pageIndex + 1}
          pageSize={pageSize}
          total={total}
          onPage={(page) => change({ page })}
        />
      )}
      {total <= pageSize && total > 0 && (
        <p className="dt-count">{total === 1 ? "1 registro" : `${total} registros`}</p>
      )}
    </section>
  );
}
