import type { Column, Table } from "@tanstack/react-table";
import { cellText } from "./columns.ts";

/** A file name made of the table title (characters a file system refuses are dropped). */
export function excelFileName(title: string): string {
  const clean = title.replace(/[\\/:*?"<>|]+/g, " ").replace(/\s+/g, " ").trim();
  return `${clean || "datos"}.xlsx`;
}

/**
 * Writes exactly the rows the table shows after its quick filter and sorting (every page) to
 * '<title>.xlsx', sheet 'data', under the columns' headers.
 */
export function exportTable<T>(table: Table<T>, title: string): Promise<void> {
  return exportRows(
    title,
    table.getVisibleLeafColumns(),
    table.getPrePaginationRowModel().rows.map((r) => r.original),
  );
}

/**
 * A number as the table shows it: rounded to the decimals on screen (toFixed rounds the double's exact value,
 * as Intl.NumberFormat does), so an export holds 4688019 and 126.4, not 4688019.000000001 and
 * 126.35660910929032.
 */
export function shownNumber(v: number, decimals: number | undefined): number {
  if (decimals === undefined || !Number.isFinite(v)) return v;
  const r = Number(v.toFixed(decimals));
  return Object.is(r, -0) ? 0 : r;
}

/**
 * Writes the rows under the columns that have a value and a text header. Numbers stay numbers, rounded as
 * shown, with the column's (or the row's) number format; other values are written as the text the table
 * shows.
 */
export async function exportRows<T>(title: string, columns: Column<T, unknown>[], data: T[]): Promise<void> {
  const XLSX = await import("xlsx");
  const cols = columns.filter((c) =>
    c.accessorFn && c.columnDef.meta?.export !== false && typeof c.columnDef.header === "string"
  );
  const header = cols.map((c) => c.columnDef.header as string);
  const rows = data.map((row, i) =>
    cols.map((c) => {
      const v = c.accessorFn!(row, i);
      const meta = c.columnDef.meta;
      if (meta?.numeric && typeof v === "number") return shownNumber(v, meta.decimals);
      return cellText(v, meta?.format);
    })
  );
  const ws = XLSX.utils.aoa_to_sheet([header, ...rows]);
  cols.forEach((c, ci) => {
    const meta = c.columnDef.meta;
    if (!meta?.excelFormat && !meta?.excelFormatOf) return;
    for (let ri = 1; ri <= rows.length; ri++) {
      const cell = ws[XLSX.utils.encode_cell({ r: ri, c: ci })];
      const z = meta.excelFormatOf?.(data[ri - 1]) ?? meta.excelFormat;
      if (cell && cell.t === "n" && z) cell.z = z;
    }
  });
  ws["!cols"] = cols.map((_, ci) => ({
    wch: Math.min(60, Math.max(10, ...[header, ...rows].map((r) => String(r[ci] ?? "").length + 2))),
  }));
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, "data");
  XLSX.writeFile(wb, excelFileName(title));
}
