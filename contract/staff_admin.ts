// The superadmin utilities of spec 2 (Admin utilities, permission SUPERADMIN_CONFIG): the global comparison
// year and the All-In upload. (The month close is contract/closing_locks.ts; 'Contratos Símiles' has its own.)
import { z } from "zod";
import { strict } from "./fields.ts";
import { version } from "./versions.ts";

export const ADMIN_UTILS_API = "/api/superadmin";
export const ADMIN_UTILS_PATHS = {
  comparisonYear: "/comparison-year",
  allIn: "/all-in",
} as const;
export const adminUtilsUrl = (p: typeof ADMIN_UTILS_PATHS[keyof typeof ADMIN_UTILS_PATHS]) =>
  ADMIN_UTILS_API + p;

/** Spec 2 section 5: comparison year range 2017 to the current year. */
export const MIN_COMPARISON_YEAR = 2017;
export const comparisonYearMessage = (current: number) =>
  `Seleccione un año entre ${MIN_COMPARISON_YEAR} y ${current}.`;

/** The current year is checked by the server against its clock (the schema only bounds it loosely). */
export const comparisonYearBody = strict({
  anioComparativo: z.number({ error: "Seleccione el año comparativo." }).int("Seleccione el año comparativo.")
    .min(MIN_COMPARISON_YEAR, "Seleccione el año comparativo.").max(2100, "Seleccione el año comparativo."),
  /** The setting's version the panel read (contract/versions.ts). */
  version,
});
export type ComparisonYearBody = z.infer<typeof comparisonYearBody>;

export interface ComparisonYear {
  anioComparativo: number;
  /** The picker's upper bound: the current year (Lima). */
  anioActual: number;
  /** The setting's version, sent back with 'Guardar' (contract/versions.ts). */
  version: number;
}

// ---- All-In upload ------------------------------------------------------------------------------------

export const ALL_IN_MAX_BYTES = 20_971_520;
export const ALL_IN_MAX_ROWS = 5000;
export const ALL_IN_MAX_COLUMNS = 20;
/** The indicator columns, as the spec names them, after the contract code ('contrato'). */
export const ALL_IN_COLUMNS = [
  "ventasValor",
  "ventasm2",
  "arriendo_ventas",
  "allin",
  "area",
  "rentaFijam2",
  "rentam2",
  "fondom2",
  "gastocomunm2",
] as const;
export type AllInColumn = typeof ALL_IN_COLUMNS[number];
export const ALL_IN_HEADER = ["contrato", ...ALL_IN_COLUMNS] as const;

export const ALL_IN_FAILED = "Error: No se pudo cargar el archivo";
export const allInDone = (fileName: string) =>
  `Carga Exitosa: El archivo ${fileName} ha sido cargado con éxito.`;
export const ALL_IN_NEEDS = {
  file: "Seleccione un archivo .xlsx.",
  year: "Seleccione el año.",
  tooLarge: "El archivo supera el tamaño máximo permitido (20 MB).",
  empty: "El archivo está vacío.",
  type: "Tipo de archivo no permitido: solo se admite .xlsx.",
} as const;

/** The multipart form's year field. */
export const allInYear = z.coerce.number({ error: ALL_IN_NEEDS.year }).int(ALL_IN_NEEDS.year)
  .min(MIN_COMPARISON_YEAR, ALL_IN_NEEDS.year).max(2100, ALL_IN_NEEDS.year);

export interface AllInResult {
  success: true;
  anio: number;
  archivo: string;
  filas: number;
}
