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
 * A key of the way each column sorts first, as TanStack decides it from the first of all rows: "a" where the
 * first row's value is text (ascending first), "d" for anything else (descending first). The table itself
 * sees only the page's rows, so the key is taken from all of them; it stays the same while the first row's
 * kinds of values do, which is what PivotTable memoizes on.
 */
export const firstSortKey = <T>(columns: readonly Column<T>[], first: T | undefined) =>
  columns.map((c) => {
    const get = accessor(c);
    return get && first !== undefined && typeof get(first, 0) === "string" ? "a" : "d";
  }).join("");

/** The columns with the first sort direction `firstSortKey` gave each. */
export const withFirstSortDirs = <T>(columns: readonly Column<T>[], key: string): Column<T>[] =>
  columns.map((c, i) => ({ ...c, sortDescFirst: key[i] !== "a" }));
