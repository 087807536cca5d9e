import type { CellContext, ColumnDef, ColumnMeta, Row, RowData } from "@tanstack/react-table";
import { createElement, type ReactNode } from "react";
import {
  type Currency,
  formatArea,
  formatDate,
  formatDateTime,
  formatInteger,
  formatMoney,
  formatNumber,
  formatPercent,
} from "../../lib/format.ts";
import { RowButton } from "./row-button.tsx";

declare module "@tanstack/react-table" {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The text shown, searched by the quick filter and exported for non-numeric columns. */
    format?: (value: unknown) => string;
    /** Right-aligned, sorted and exported as a number. */
    numeric?: boolean;
    /** Excel number format of the exported cells (numeric columns). */
    excelFormat?: string;
    /** The Excel number format of one row's cell, where it depends on the row (an amount in its currency). */
    excelFormatOf?: (row: TData) => string;
    /** The decimals shown: an exported number is rounded to them, as on screen (numeric columns). */
    decimals?: number;
    /** False for action columns: not exported, not searched. */
    export?: boolean;
    /**
     * What a body cell shows when not the value's text (a button, a light, an amount in its row's currency).
     * Report tables (PivotTable) draw this or the text and never call a column's `cell`.
     */
    render?: (row: TData, value: unknown) => ReactNode;
  }
}

const collator = new Intl.Collator("es", { sensitivity: "base", numeric: true });

/** Sorts numbers as numbers, text in Spanish order (case and accents aside); empty values first. */
export function smartSort<T>(a: Row<T>, b: Row<T>, columnId: string): number {
  return compareValues(a.getValue(columnId), b.getValue(columnId));
}

/** smartSort's order of two cell values. */
export function compareValues(x: unknown, y: unknown): number {
  const ex = x == null || x === "";
  const ey = y == null || y === "";
  if (ex || ey) return ex === ey ? 0 : ex ? -1 : 1;
  if (typeof x === "number" && typeof y === "number") return x < y ? -1 : x > y ? 1 : 0;
  if (typeof x === "boolean" && typeof y === "boolean") return x === y ? 0 : x ? 1 : -1;
  return collator.compare(String(x), String(y));
}

/** What a body cell shows: its column's render of the row, else the value's text. */
export function cellContent<T>(meta: ColumnMeta<T, unknown> | undefined, row: T, value: unknown): ReactNode {
  return meta?.render ? meta.render(row, value) : cellText(value, meta?.format);
}

/** A column's `cell` (DataTable): what cellContent shows for the cell's row and value. */
const metaCell = <T>(c: CellContext<T, unknown>) =>
  cellContent(c.column.columnDef.meta, c.row.original, c.getValue());

/** The text of a cell value as the table shows it. */
export function cellText(value: unknown, format?: (v: unknown) => string): string {
  if (format) return format(value);
  return value == null ? "" : String(value);
}

/** The Excel number format of an amount in a currency. */
const moneyFormat = (currency: Currency) => `"${currency} "#,##0.00`;

// deno-lint-ignore no-explicit-any
export type Column<T> = ColumnDef<T, any>;

type Key<T> = keyof T & string;

function valueColumn<T>(
  key: Key<T>,
  header: string,
  meta: Column<T>["meta"],
  size?: number,
): Column<T> {
  return {
    id: key,
    accessorFn: (row: T) => row[key],
    header,
    meta,
    size,
    cell: metaCell,
  };
}

/** Column builders for one row type: each sets the display format, sorting and export of its kind. */
export function columnsOf<T>() {
  /** A column of buttons: neither sorted, searched nor exported. */
  const action = (id: string, header: string, render: (row: T) => ReactNode): Column<T> => ({
    id,
    header,
    enableSorting: false,
    enableGlobalFilter: false,
    meta: { export: false, render },
    size: 90,
    cell: metaCell,
  });
  return {
    text: (key: Key<T>, header: string, size?: number) => valueColumn<T>(key, header, {}, size),
    /** A value shown through a mapping (e.g. true → 'Activo'); searched and exported as the text. */
    mapped: (key: Key<T>, header: string, format: (v: unknown) => string, size?: number) =>
      valueColumn<T>(key, header, { format }, size),
    integer: (key: Key<T>, header: string) =>
      valueColumn<T>(key, header, {
        numeric: true,
        format: formatInteger,
        excelFormat: "#,##0",
        decimals: 0,
      }),
    number: (key: Key<T>, header: string, decimals = 2) =>
      valueColumn<T>(key, header, {
        numeric: true,
        format: (v) => formatNumber(v, decimals),
        excelFormat: decimals ? `#,##0.${"0".repeat(decimals)}` : "#,##0",
        decimals,
      }),
    money: (key: Key<T>, header: string, currency: Currency = "S/") =>
      valueColumn<T>(key, header, {
        numeric: true,
        format: (v) => formatMoney(v, currency),
        excelFormat: moneyFormat(currency),
        decimals: 2,
      }),
    /** An amount printed with its own row's currency (a table of soles and dollar rows). */
    rowMoney: (key: Key<T>, header: string, currencyOf: (row: T) => Currency) =>
      valueColumn<T>(key, header, {
        numeric: true,
        format: (v) => formatMoney(v),
        render: (row, v) => formatMoney(v, currencyOf(row)),
        excelFormat: moneyFormat("S/"),
        excelFormatOf: (row) => moneyFormat(currencyOf(row)),
        decimals: 2,
      }),
    area: (key: Key<T>, header: string) =>
      // Area columns are in the staff analytics only (4 decimals; the tenant area shows 2).
      valueColumn<T>(key, header, {
        numeric: true,
        format: (v) => formatArea(v, "staff"),
        excelFormat: "#,##0.0000",
        decimals: 4,
      }),
    percent: (key: Key<T>, header: string) =>
      valueColumn<T>(key, header, {
        numeric: true,
        format: formatPercent,
        excelFormat: '0.0"%"',
        decimals: 1,
      }),
    date: (key: Key<T>, header: string) => valueColumn<T>(key, header, { format: formatDate }),
    dateTime: (key: Key<T>, header: string) => valueColumn<T>(key, header, { format: formatDateTime }),
    action,
    /** A column of one small text button per row (RowButton), with a label or an icon, named for its row. */
    button: (
      id: string,
      header: string,
      b: { label?: string; icon?: string; name: (row: T) => string; onClick: (row: T) => void },
    ): Column<T> =>
      action(id, header, (row) =>
        createElement(RowButton, {
          label: b.label,
          icon: b.icon,
          ariaLabel: b.name(row),
          onClick: () => b.onClick(row),
        })),
  };
}
