// A report table's rows in the order TanStack Table's sorted row model gives them, without its row model: a
// table that shows 8 rows of a mall's 300 contracts made 300 row objects (and their cells' closures) on every
// filter change, for each of a screen's tables. The table then gets only the page's rows.
import type { SortingState } from "@tanstack/react-table";
import { type Column, compareValues } from "./columns.ts";

/** The value a column sorts by, or null when the column can't sort (no accessor, or sorting disabled). */
function accessor<T>(c: Column<T>): ((row: T, index: number) => unknown) | null {
  if (c.enableSorting === false) return null;
  if ("accessorFn" in c && c.accessorFn) return c.accessorFn;
  if ("accessorKey" in c && c.accessorKey != null) {
    const key = c.accessorKey as keyof T;
    return (row) => row[key];
  }
  return null;
}

const idOf = <T>(c: Column<T>) =>
  c.id ?? ("accessorKey" in c && c.accessorKey != null ? String(c.accessorKey) : undefined);

/**
 * The rows sorted as getSortedRowModel sorts them with smartSort on every column: each sort entry in turn, an
 * undefined value after the others (before them when descending, TanStack's `sortUndefined: 1`), ties in
 * the rows' order. The same array when nothing sorts.
 */
export function sortRows<T>(rows: readonly T[], sorting: SortingState, columns: readonly Column<T>[]): T[] {
  const keys = sorting.flatMap((s) => {
    const c = columns.find((x) => idOf(x) === s.id);
    const get = c && accessor(c);
    return get ? [{ get, desc: !!s.desc }] : [];
  });
  if (!rows.length || !keys.length) return rows as T[];
  const values = keys.map((k) => rows.map((r, i) => k.get(r, i)));
  const order = rows.map((_, i) => i);
  order.sort((a, b) => {
    for (let k = 0; k < keys.length; k++) {
      const x = values[k][a], y = values[k][b];
      const ux = x === undefined, uy = y === undefined;
      let n = ux || uy ? (ux && uy ? 0 : ux ? 1 : -1) : compareValues(x, y);
      if (n !== 0) {
        if (keys[k].desc) n = -n;
        return n;
      }
    }
    return a - b;
  });
  return order.map((i) => rows[i]);
}

/**
 * The columns with the way each sorts first, as TanStack decides it from the first of all rows (text
 * ascending, anything else descending): the table itself sees only the page's rows. The same columns while
 * the first row's kinds of values stay the same (`useFirstSortDirs`).
 */
export function withFirstSortDirs<T>(columns: readonly Column<T>[], first: T | undefined): Column<T>[] {
  return columns.map((c) => {
    const get = accessor(c);
    return { ...c, sortDescFirst: !(get && first !== undefined && typeof get(first, 0) === "string") };
  });
}

/** A key of the first row's kinds of values, for withFirstSortDirs's memo. */
export const firstSortKey = <T>(columns: readonly Column<T>[], first: T | undefined) =>
  columns.map((c) => {
    const get = accessor(c);
    return get && first !== undefined && typeof get(first, 0) === "string" ? "a" : "d";
  }).join("");
