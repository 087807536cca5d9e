// The cells every table of the portal draws the same way: the sortable header, the body cell and the
// row that stands for the rows while loading or when there are none.
import { type Cell, type Column, flexRender, type Header, type Table } from "@tanstack/react-table";
import type { CSSProperties } from "react";

const SORT_ICONS = { asc: "pi-sort-amount-up-alt", desc: "pi-sort-amount-down", none: "pi-sort-alt" };

const isAction = <T,>(c: Column<T, unknown>) => c.columnDef.meta?.export === false;
const widthOf = <T,>(c: Column<T, unknown>) => c.columnDef.size ?? 90;

/**
 * A row action column at the table's end is pinned to the right edge of the table's scrolling box, so a
 * listing wider than 1366 px keeps its row actions in view (issue 38): its style holds its distance from the
 * edge (the action columns after it) as a variable, which styles/table.css uses above phone width only (on a
 * phone the rows are cards). A column with another pinned one before it is held at its size, so that the
 * distances add up; the first keeps its natural width. Other columns: none.
 */
function pinnedStyle<T>(column: Column<T, unknown>, table: Table<T>): CSSProperties | undefined {
  if (!isAction(column)) return undefined;
  const columns = table.getVisibleLeafColumns();
  let right = 0;
  for (let i = columns.length - 1; i >= 0 && isAction(columns[i]); i--) {
    if (columns[i].id === column.id) {
      const exact = i > 0 && isAction(columns[i - 1]);
      return {
        "--pin-right": `${right}px`,
        ...(exact ? { "--pin-width": `${widthOf(column)}px` } : {}),
      } as CSSProperties;
    }
    right += widthOf(columns[i]);
  }
  return undefined;
}

export function HeaderCell<T>({ header }: { header: Header<T, unknown> }) {
  const col = header.column;
  const sorted = col.getIsSorted();
  const label = flexRender(col.columnDef.header, header.getContext());
  return (
    <th
      scope="col"
      className={col.columnDef.meta?.export === false
        ? "dt-action"
        : col.columnDef.meta?.numeric
        ? "num"
        : undefined}
      style={{
        ...(col.columnDef.size ? { width: col.columnDef.size } : {}),
        ...pinnedStyle(col, header.getContext().table),
      }}
      aria-sort={sorted ? (sorted === "asc" ? "ascending" : "descending") : undefined}
    >
      {col.getCanSort()
        ? (
          <button type="button" className="dt-sort" onClick={col.getToggleSortingHandler()}>
            {label}
            <i aria-hidden="true" className={`pi ${SORT_ICONS[sorted || "none"]}`} />
          </button>
        )
        : label}
    </th>
  );
}

/** On a phone each row is a card and each cell a line headed by its column's name (styles/table.css). */
export const cellLabel = (def: { header?: unknown }): string | undefined =>
  typeof def.header === "string" ? def.header : undefined;

/**
 * A body cell, keyed by its column: an element, not a component of its own (a report screen's five tables
 * draw some 700 cells on each filter change). Its column's `cell` is called, not drawn as a component as
 * flexRender does: a screen builds its columns again when their headers change (another month), and a new
 * function as a component type made React remove and make every cell's nodes on each such change. So a
 * column's `cell` must not call hooks (those that need them return an element of their own component, as
 * RowButton).
 */
export function bodyCell<T>(cell: Cell<T, unknown>) {
  const def = cell.column.columnDef;
  const render = def.cell;
  const pinned = isAction(cell.column) ? pinnedStyle(cell.column, cell.getContext().table) : undefined;
  return (
    <td
      key={cell.column.id}
      className={pinned ? "dt-action" : def.meta?.numeric ? "num" : undefined}
      style={pinned}
      data-label={cellLabel(def)}
    >
      {typeof render === "function" ? render(cell.getContext()) : render}
    </td>
  );
}

/** The single row shown instead of data: the loading state or the empty message. */
export function MessageRow(
  { colSpan, loading, empty = "No hay datos registrados." }: {
    colSpan: number;
    loading?: boolean;
    empty?: string;
  },
) {
  return (
    <tr>
      <td colSpan={colSpan} className="dt-message">
        {loading
          ? (
            <>
              <i className="pi pi-spin pi-spinner" aria-hidden="true" /> Cargando información ...
            </>
          )
          : empty}
      </td>
    </tr>
  );
}
