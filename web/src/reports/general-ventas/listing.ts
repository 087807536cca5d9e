// Reporte General de Ventas' listing as the screen and its Excel export write it: the spec's columns, the
// text of a cell (money in the closing's currency), the exported cell and the totals rows per currency.

import { type Currency, formatArea, formatDate, formatInteger, formatMoney } from "../../lib/format.ts";
import type { ClosingColumn, ClosingRow } from "./columns.ts";
import type { TotalRow } from "./report.ts";

export const symbol = (moneda: string | null | undefined): Currency => (moneda === "USD" ? "$" : "S/");

type Kind = "text" | "date" | "money" | "integer" | "area";
export interface ListColumn {
  key: ClosingColumn;
  header: string;
  kind: Kind;
}

/** The spec's columns, in its order. */
export const COLUMNS: ListColumn[] = [
  { key: "sociedad", header: "Sociedad", kind: "text" },
  { key: "mall", header: "Mall", kind: "text" },
  { key: "contrato", header: "Contrato", kind: "text" },
  { key: "contrato_antiguo", header: "Contrato antiguo", kind: "text" },
  { key: "denominacion", header: "Denominación Contrato", kind: "text" },
  { key: "moneda", header: "Moneda", kind: "text" },
  { key: "cebe", header: "CeBe", kind: "text" },
  { key: "denom_cebe", header: "Denom CeBe", kind: "text" },
  { key: "tipo_vta", header: "Tipo Vta", kind: "text" },
  { key: "denom_tipo_vta", header: "Denom Tipo Vta", kind: "text" },
  { key: "periodo", header: "Periodo", kind: "text" },
  { key: "fecha_vta", header: "Fecha Vta", kind: "date" },
  { key: "monto", header: "Monto (S/Igv)", kind: "money" },
  { key: "transacciones", header: "Transacciones", kind: "integer" },
  { key: "fecha_registro", header: "Fecha Registro", kind: "date" },
  { key: "hora", header: "Hora", kind: "text" },
  { key: "fecha_modificacion", header: "Fecha Modificación", kind: "date" },
  { key: "area", header: "Área m2", kind: "area" },
];

export const EXCEL_FORMATS: Record<Kind, string | null> = {
  text: null,
  date: null,
  money: "#,##0.00",
  integer: "#,##0",
  area: "#,##0.0000",
};

/** A column of figures (right-aligned, exported as numbers). */
export const isNumeric = (c: ListColumn) => c.kind === "money" || c.kind === "integer" || c.kind === "area";

/** The text of a cell (money with the symbol of the closing's currency). */
export function cellText(c: ListColumn, r: ClosingRow): string {
  const v = r[c.key];
  switch (c.kind) {
    case "date":
      return formatDate(v);
    case "money":
      return formatMoney(v, symbol(r.moneda));
    case "integer":
      return formatInteger(v);
    case "area":
      return formatArea(v, "staff");
    default:
      return v == null ? "" : String(v);
  }
}

/** An exported cell: numbers as numbers, the rest as the screen writes it. */
export function excelCell(c: ListColumn, r: ClosingRow): string | number | null {
  const v = r[c.key];
  if (isNumeric(c)) return v == null ? null : Number(v);
  return cellText(c, r);
}

/** The totals rows of the export and the screen: one per currency, named 'Total S/' and 'Total $'. */
export function totalCells(t: TotalRow): Partial<Record<ClosingColumn, string | number>> {
  return {
    sociedad: `Total ${symbol(t.moneda)}`,
    moneda: t.moneda,
    monto: t.monto,
    transacciones: t.transacciones,
  };
}
