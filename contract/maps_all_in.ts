// Heat maps, second part (spec 2, Menu: Mapa de calor; issue 15): the All-In map (/mapas/allInVista: the shops
// coloured by their occupancy cost over sales against the traffic lights) and the rental-object maintenance
// (/Mapas/ModificarMapas: the contract-to-local assignment). Pure: zod and types, shared by server and web;
// the figures are defined in docs/metrics.md ('Heat maps').
import { z } from "zod";
import { strict } from "./fields.ts";
import {
  CATEGORY_NOT_FOUND,
  type Light,
  LIGHT_COLORS,
  lightOf,
  MALL_REQUIRED,
  type MapLevel,
  type MapLocation,
  type MapMall,
  type Semaforo,
} from "./maps.ts";
import { version } from "./versions.ts";

export const MAPS_ALL_IN_API = {
  /** GET ?unidadEconomicaId=3&mes=2026-10&anioComparativo=2025&categoriaId=0 */
  allIn: "/api/maps/all-in",
  /** GET ?unidadEconomicaId=3: the plan with every local's contract and the mall's contracts. */
  maintenance: "/api/maps/maintenance",
  /** POST { unidadEconomicaId, local, contrato }: the contract occupying a local. */
  assignment: "/api/maps/assignment",
  /** POST { unidadEconomicaId, idObj }: 'Limpiar', the local is left without a contract. */
  assignmentClear: "/api/maps/assignment/clear",
  /** GET ?unidadEconomicaId=3: the contracts a local has held, the latest first. */
  localHistory: (id: number) => `/api/maps/locals/${id}/history`,
} as const;

// ---- All-In -------------------------------------------------------------------------------------------------

export const MONTH_INVALID = "Seleccione el mes de cierre.";
export const MONTH_AFTER_CURRENT = "El mes de cierre no puede ser posterior al mes actual.";
export const YEAR_INVALID = "Seleccione el año de comparación.";
export const FIRST_YEAR = 2017;

/** The query: mall, closing month (yyyy-mm, default the previous month), comparison year, category (0 Todos). */
export const allInQuery = strict({
  unidadEconomicaId: z.coerce.number({ error: MALL_REQUIRED }).int(MALL_REQUIRED).positive(MALL_REQUIRED)
    .max(32_767, MALL_REQUIRED),
  mes: z.string({ error: MONTH_INVALID }).regex(/^(\d{4})-(0[1-9]|1[0-2])$/, MONTH_INVALID)
    .refine((m) => Number(m.slice(0, 4)) >= FIRST_YEAR, MONTH_INVALID).optional(),
  anioComparativo: z.coerce.number({ error: YEAR_INVALID }).int(YEAR_INVALID).min(FIRST_YEAR, YEAR_INVALID)
    .max(2100, YEAR_INVALID).optional(),
  categoriaId: z.coerce.number({ error: CATEGORY_NOT_FOUND }).int(CATEGORY_NOT_FOUND).min(
    0,
    CATEGORY_NOT_FOUND,
  )
    .max(2_147_483_647, CATEGORY_NOT_FOUND).optional(),
});
export type AllInQuery = z.infer<typeof allInQuery>;

/** One year's figures of a shop (docs/metrics.md): the period is 1 January to the closing month's end. */
export interface AllInYear {
  anio: number;
  desde: string;
  hasta: string;
  /** The contract's sales in the period and per m2 of its area. */
  ventas: number;
  ventasM2: number | null;
  /** The All-In upload whose rents apply (that year's, else the latest before it); null without any. */
  anioCarga: number | null;
  rentaM2: number | null;
  fondoM2: number | null;
  gastoComunM2: number | null;
  /** (rentaM2 + fondoM2 + gastoComunM2) × area × days of the period / days of the year. */
  costoOcupacion: number | null;
  /** costoOcupacion / ventas × 100; null without sales or without an upload. */
  allIn: number | null;
}

export interface AllInLocation extends MapLocation {
  categoriaId: number | null;
  categoria: string | null;
  moneda: "PEN" | "USD" | null;
  /** The closing month's year and the comparison year; null for a local without a contract. */
  actual: AllInYear | null;
  comparativo: AllInYear | null;
  /** The light of `actual.allIn` against the ranges that apply (see allInLightOf). */
  color: AllInColor;
}

export interface AllInMap {
  malls: MapMall[];
  mallId: number;
  mes: string;
  anioComparativo: number;
  categoriaId: number;
  /** 'Todos' first, then the categories, each with its ranges. */
  categorias: { value: number; label: string; semaforo: Semaforo }[];
  mapaCalor: { levels: MapLevel[]; locations: AllInLocation[] };
  /** False when no shop of the mall sold in either period (the empty message). */
  hayVentas: boolean;
}

/** The map's colours: the three lights, another category than the one chosen, no figure. */
export type AllInColor = Exclude<Light, "gris"> | "otra" | "sinDatos";
export const ALL_IN_COLORS: readonly { id: AllInColor; label: string; color: string }[] = [
  { id: "verde", label: "Verde", color: LIGHT_COLORS.verde },
  { id: "amarillo", label: "Amarillo", color: LIGHT_COLORS.amarillo },
  { id: "rojo", label: "Rojo", color: LIGHT_COLORS.rojo },
  { id: "otra", label: "Otra categoría", color: LIGHT_COLORS.gris },
  { id: "sinDatos", label: "Sin datos de All-In", color: "#dcdcdc" },
];
export const allInColorOf = (id: AllInColor) => ALL_IN_COLORS.find((c) => c.id === id)!;

/**
 * The colour of a shop: with 'Todos' chosen every shop is judged by the 'Todos' ranges; with a category,
 * the shops of that category by its ranges and the others are grey ('Otra categoría'). No figure: 'Sin datos'.
 */
export function allInLightOf(
  ratio: number | null | undefined,
  shopCategory: number | null,
  chosen: number,
  ranges: { todos: Semaforo; category: Semaforo | null },
): AllInColor {
  if (chosen !== 0 && shopCategory !== chosen) return "otra";
  const s = chosen === 0 ? ranges.todos : ranges.category;
  if (!s) return "otra";
  const light = lightOf(ratio, s);
  return light === "gris" ? "sinDatos" : light;
}

/** The closing month before the given Lima day's month ('2026-11-24' → '2026-10'). */
export function previousMonth(day: string): string {
  const y = Number(day.slice(0, 4)), m = Number(day.slice(5, 7));
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
}

// ---- Maintenance (contract-to-local assignment) -------------------------------------------------------------

export const CONTRACT_REQUIRED = "Ingrese contrato";
export const LOCAL_REQUIRED = "Ingrese Local";
export const CONTRACT_UNKNOWN = "El contrato no pertenece a este mall.";
export const LOCAL_UNKNOWN = "El local no pertenece a este mall.";
export const NO_MALL_DATA = "Actualmente no existen datos para este Mall.";

const code = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(40, "Máximo 40 caracteres.")
    .regex(/^[\p{L}\p{N} ._/-]+$/u, "El texto contiene caracteres no permitidos.")
    .transform((s) => s.toUpperCase());
const mallId = z.number({ error: MALL_REQUIRED }).int(MALL_REQUIRED).positive(MALL_REQUIRED)
  .max(32_767, MALL_REQUIRED);

/** 'Guardar': the contract (uppercased) that occupies the local (uppercased) of the mall. */
export const assignmentBody = strict({
  unidadEconomicaId: mallId,
  contrato: code(CONTRACT_REQUIRED),
  local: code(LOCAL_REQUIRED),
  /** The version of the local typed, as the map read it (contract/versions.ts). */
  version,
});
export type AssignmentBody = z.infer<typeof assignmentBody>;

/** 'Limpiar': the rental object clicked is left without a contract. */
export const assignmentClearBody = strict({
  unidadEconomicaId: mallId,
  idObj: z.number({ error: LOCAL_UNKNOWN }).int(LOCAL_UNKNOWN).positive(LOCAL_UNKNOWN)
    .max(2_147_483_647, LOCAL_UNKNOWN),
  version,
});
export type AssignmentClearBody = z.infer<typeof assignmentClearBody>;

/** A local of the maintenance map with its version (its latest audited change: an assignment, a status). */
export interface MaintenanceLocation extends MapLocation {
  version: number;
}

export interface MaintenanceMap {
  malls: MapMall[];
  mallId: number;
  mapaCalor: { levels: MapLevel[]; locations: MaintenanceLocation[] };
  /** The mall's contracts for the autocomplete: code and denomination. */
  contratos: { code: string; denominacion: string }[];
}

export interface AssignmentDone {
  local: string;
  contrato: string | null;
}

/** A contract a local has held: from the seeded history ('contrato') or an assignment ('asignacion'). */
export interface LocalHistoryRow {
  contrato: string;
  locatario: string | null;
  desde: string;
  /** Null while it holds the local. */
  hasta: string | null;
  origen: "contrato" | "asignacion";
}
