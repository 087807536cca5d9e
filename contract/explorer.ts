// The Explorador de Ventas (issue 41): the slice a person picks (rows, columns, measures, filters, dates),
// which is both the screen's URL state and the body of a saved view, and the saved views' API. Pure: zod and
// types, imported by routes/explorer.ts and web/src/reports/explorador/.
import { z } from "zod";
import { day, INT_MAX, strict } from "./fields.ts";

export const EXPLORER_API = { views: "/api/explorer/views" } as const;

/** The dimensions the extracts carry, with their Spanish labels, in the order the screen offers them. */
export const DIMENSIONS = {
  mall: "Mall",
  categoria: "Rubro",
  cebe: "CeBe",
  contrato: "Contrato",
  moneda: "Moneda",
  anio: "Año",
  trimestre: "Trimestre",
  mes: "Mes",
  semana: "Semana",
  dia_semana: "Día de la semana",
  dia: "Día",
} as const;
export type Dimension = keyof typeof DIMENSIONS;
export const DIMENSION_IDS = Object.keys(DIMENSIONS) as [Dimension, ...Dimension[]];

/** Dimensions of a contract (the rest are of the calendar). */
export const CONTRACT_DIMS: readonly Dimension[] = ["mall", "categoria", "cebe", "contrato", "moneda"];
/** Calendar dimensions finer than a month: the sales are then read day by day and budgets do not apply. */
export const DAY_DIMS: readonly Dimension[] = ["semana", "dia_semana", "dia"];

/**
 * The measures. Amounts are per currency (docs/metrics.md, Money): 'Ventas' is shown as 'Ventas S/' and
 * 'Ventas $', never added.
 */
export const MEASURES = {
  ventas: "Ventas",
  ventas_m2: "Ventas por m2",
  transacciones: "Transacciones",
  ticket: "Ticket promedio",
  presupuesto: "Presupuesto",
  cumplimiento: "Cumplimiento %",
  peatones: "Afluencia peatonal",
  vehiculos: "Afluencia vehicular",
  venta_visitante: "Venta por visitante",
} as const;
export type Measure = keyof typeof MEASURES;
export const MEASURE_IDS = Object.keys(MEASURES) as [Measure, ...Measure[]];
/** Measures that are amounts or ratios of amounts: one column per currency. */
export const MONEY_MEASURES: readonly Measure[] = [
  "ventas",
  "ventas_m2",
  "ticket",
  "presupuesto",
  "cumplimiento",
  "venta_visitante",
];
export const BUDGET_MEASURES: readonly Measure[] = ["presupuesto", "cumplimiento"];
export const TRAFFIC_MEASURES: readonly Measure[] = ["peatones", "vehiculos", "venta_visitante"];

export const MAX_ROWS = 3;
export const MAX_COLUMNS = 2;
export const MAX_MEASURES = 6;
export const MAX_FILTER_VALUES = 200;

const DIM_REPEATED = "Una dimensión se elige una sola vez.";
/** A CeBe code as a filter value: letters, digits and a few signs only (it goes into the report SQL). */
export const CEBE_CODE = /^[A-Za-z0-9 _.-]{1,30}$/;
const ids = z.array(z.number().int().positive().max(INT_MAX)).max(MAX_FILTER_VALUES);

/** The slice: what the URL holds and a saved view stores. */
export const explorerState = strict({
  filas: z.array(z.enum(DIMENSION_IDS)).max(MAX_ROWS),
  columnas: z.array(z.enum(DIMENSION_IDS)).max(MAX_COLUMNS),
  medidas: z.array(z.enum(MEASURE_IDS)).min(1, "Elegir al menos una medida.").max(MAX_MEASURES),
  desde: day("Ingresar la fecha inicial."),
  hasta: day("Ingresar la fecha final."),
  /** The year compared on the same calendar days; null: no comparison. */
  comparar: z.number().int().min(2000).max(2100).nullable(),
  inflacion: z.boolean(),
  malls: ids,
  rubros: ids,
  contratos: ids,
  cebes: z.array(z.string().regex(CEBE_CODE, "Código de CeBe inválido.")).max(MAX_FILTER_VALUES),
  moneda: z.enum(["PEN", "USD"]).nullable(),
  grafico: z.enum(["barras", "lineas"]),
}).refine((s) => new Set([...s.filas, ...s.columnas]).size === s.filas.length + s.columnas.length, {
  message: DIM_REPEATED,
  path: ["columnas"],
}).refine((s) => s.desde <= s.hasta, {
  message: "La fecha inicial debe ser anterior a la final.",
  path: ["hasta"],
});
export type ExplorerState = z.infer<typeof explorerState>;

export const VIEW_NAME_REQUIRED = "Ingresar el nombre de la vista.";
export const viewName = z.string({ error: VIEW_NAME_REQUIRED }).trim().min(1, VIEW_NAME_REQUIRED)
  .max(80, "Máximo 80 caracteres.");

/** POST: a named view (a name already used by the person replaces its slice). */
export const saveViewBody = strict({ nombre: viewName, estado: explorerState });
export type SaveViewBody = z.infer<typeof saveViewBody>;

export interface ExplorerView {
  id: number;
  nombre: string;
  estado: ExplorerState;
  actualizado: string;
}

export const VIEW_SAVED = "Vista guardada.";
export const VIEW_DELETED = "Vista eliminada.";
export const VIEW_NOT_FOUND = "La vista no existe.";
export const MAX_VIEWS = 100;
export const TOO_MANY_VIEWS = `Máximo ${MAX_VIEWS} vistas guardadas.`;
