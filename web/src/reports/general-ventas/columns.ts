// Reporte General de Ventas' row and columns, apart from its SQL: the route file validates the URL's order
// by them, and whatever a route file imports is in every page's first download.

/** One closing as the listing shows it. */
export interface ClosingRow {
  id: number;
  sociedad: string | null;
  mall: string;
  contrato: string;
  contrato_antiguo: string | null;
  denominacion: string;
  moneda: string;
  cebe: string;
  denom_cebe: string;
  tipo_vta: string | null;
  denom_tipo_vta: string | null;
  periodo: string;
  fecha_vta: string;
  monto: number;
  transacciones: number;
  fecha_registro: string | null;
  hora: string | null;
  fecha_modificacion: string | null;
  area: number | null;
}

export type ClosingColumn = Exclude<keyof ClosingRow, "id">;

/** The listing's columns, in the table's order (a record, so that a column the row gains is not forgotten). */
const ORDER: Record<ClosingColumn, true> = {
  sociedad: true,
  mall: true,
  contrato: true,
  contrato_antiguo: true,
  denominacion: true,
  moneda: true,
  cebe: true,
  denom_cebe: true,
  tipo_vta: true,
  denom_tipo_vta: true,
  periodo: true,
  fecha_vta: true,
  monto: true,
  transacciones: true,
  fecha_registro: true,
  hora: true,
  fecha_modificacion: true,
  area: true,
};

export const CLOSING_COLUMNS = Object.keys(ORDER) as ClosingColumn[];
