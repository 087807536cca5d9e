// Heat maps (spec 2, Menu: Mapa de calor; issue 15): the floor plans' answers, the vacancy statuses and their
// change, the category traffic lights (semáforo) with their partition rule, the paths and the Spanish texts.
// Pure: zod and types, shared by server and web (the colour rules are tested in tests/unit/map_colours_test.ts).
import { z } from "zod";
import { strict, text } from "./fields.ts";
import { version } from "./versions.ts";

export const MAPS_API = {
  /** GET ?unidadEconomicaId=3: the mall's plan with the vacancy states (data.mapaCalor, data.vacancyData). */
  vacancy: "/api/maps/vacancy",
  /** POST { unidadEconomicaId, idObj, newStatus, version }: a local's vacancy status. */
  vacancyStatus: "/api/maps/vacancy/status",
  /** GET ?unidadEconomicaId=3: the plan with the sales indicators (data.mapaCalor, data.rangos). */
  sales: "/api/maps/sales",
  /** GET ?unidadEconomicaId=3: the plan with each shop's closing freshness (data.mapaCalor, data.cierres). */
  closings: "/api/maps/closings",
  /** GET the traffic-light categories; PUT add; POST edit (with categoriaId). */
  categories: "/api/maps/categories",
  /** DELETE /api/maps/categories/:id */
  category: (id: number) => `/api/maps/categories/${id}`,
} as const;

// ---- Malls and plans ---------------------------------------------------------------------------------

/** A level of a plan: negative floors are basements titled 'Sótano N'. */
export interface MapLevel {
  id: number;
  floor: number;
  title: string;
}

/** A shape in the level's 1300x1000 plan. */
export interface MapShape {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A rental object (local) on a level: its code, the title shown (the shop's name, else the code). */
export interface MapLocation {
  id: number;
  code: string;
  title: string;
  levelId: number;
  shape: MapShape;
  /** The contract occupying it (null when none) and its tenant's commercial name. */
  numContrato: string | null;
  locatario: string | null;
  area: number;
}

export interface MapMall {
  value: number;
  label: string;
}

// ---- Vacancy ------------------------------------------------------------------------------------------

/** The four statuses of a local (spec 2 section 5): id, label and colour. */
export const VACANCY_STATUSES = [
  { id: 1, label: "Operando", color: "#87c141" },
  { id: 2, label: "Obra", color: "#434df4" },
  { id: 3, label: "Firmado", color: "#f4e21a" },
  { id: 4, label: "Vacancy", color: "#e74157" },
] as const;
export type VacancyStatus = typeof VACANCY_STATUSES[number]["id"];

export const vacancyStatusOf = (id: number) => VACANCY_STATUSES.find((s) => s.id === id);

export interface VacancyLocation extends MapLocation {
  estado: VacancyStatus;
  /** The local's version (its latest audited change: a status, an assignment), sent back with 'Cambiar'. */
  version: number;
}

export interface VacancyMap {
  malls: MapMall[];
  mallId: number;
  mapaCalor: { levels: MapLevel[]; locations: VacancyLocation[] };
  /** 'Área Arrendable' (m2, every local of the mall) and 'Vacancy' (% of that area in status 4). */
  vacancyData: { areaArrendable: number; vacancy: number };
}

export const MALL_REQUIRED = "Seleccione un mall.";
export const mallQuery = strict({
  unidadEconomicaId: z.coerce.number({ error: MALL_REQUIRED }).int(MALL_REQUIRED).positive(MALL_REQUIRED)
    .max(32_767, MALL_REQUIRED),
});

export const STATUS_INVALID = "Seleccione un estado.";
export const LOCAL_INVALID = "El objeto de alquiler no pertenece a este mall.";
export const vacancyStatusBody = strict({
  unidadEconomicaId: z.number({ error: MALL_REQUIRED }).int(MALL_REQUIRED).positive(MALL_REQUIRED)
    .max(32_767, MALL_REQUIRED),
  idObj: z.number({ error: LOCAL_INVALID }).int(LOCAL_INVALID).positive(LOCAL_INVALID)
    .max(2_147_483_647, LOCAL_INVALID),
  newStatus: z.number({ error: STATUS_INVALID }).int(STATUS_INVALID).min(1, STATUS_INVALID)
    .max(4, STATUS_INVALID),
  /** The local's version as the map read it (contract/versions.ts). */
  version,
});
export type VacancyStatusBody = z.infer<typeof vacancyStatusBody>;

/** Vacancy % of a set of locals: the area in status 4 over the whole area × 100 (docs/metrics.md). */
export function vacancyOf(locals: readonly { area: number; estado: number }[]) {
  const area = locals.reduce((s, l) => s + l.area, 0);
  const vacant = locals.reduce((s, l) => s + (l.estado === 4 ? l.area : 0), 0);
  return { areaArrendable: area, vacancy: area > 0 ? (vacant / area) * 100 : 0 };
}

// ---- Category traffic lights (semáforo) ---------------------------------------------------------------

export interface Range {
  desde: number;
  hasta: number;
}
export interface Semaforo {
  verde: Range;
  amarillo: Range;
  rojo: Range;
}
export type Light = "verde" | "amarillo" | "rojo" | "gris";

export const LIGHT_COLORS: Record<Light, string> = {
  verde: "#87c141",
  amarillo: "#f4e21a",
  rojo: "#e74157",
  gris: "#b0b0b0",
};
export const LIGHT_LABELS: Record<Light, string> = {
  verde: "Verde",
  amarillo: "Amarillo",
  rojo: "Rojo",
  gris: "Sin categoría",
};

/** The slider's defaults (spec 2 section 5). */
export const SLIDER_DEFAULTS = [30, 60] as const;

/**
 * The three ranges of the two slider handles: green 0..first, yellow first+1..second, red second+1 (capped
 * at 100) to 100.
 */
export function semaforoOf(first: number, second: number): Semaforo {
  return {
    verde: { desde: 0, hasta: first },
    amarillo: { desde: first + 1, hasta: second },
    rojo: { desde: Math.min(second + 1, 100), hasta: 100 },
  };
}

/** True when the three ranges partition 0–100 as the slider makes them (whole percents, in order). */
export function isPartition(s: Semaforo): boolean {
  const all = [s.verde, s.amarillo, s.rojo].flatMap((r) => [r.desde, r.hasta]);
  if (!all.every((n) => Number.isInteger(n) && n >= 0 && n <= 100)) return false;
  if (s.verde.desde !== 0 || s.rojo.hasta !== 100) return false;
  if (s.verde.hasta >= s.amarillo.hasta || s.amarillo.hasta > 100) return false;
  const expected = semaforoOf(s.verde.hasta, s.amarillo.hasta);
  return s.amarillo.desde === expected.amarillo.desde && s.rojo.desde === expected.rojo.desde;
}

/** The light of a percentage against a category's ranges; grey without a figure or without ranges. */
export function lightOf(pct: number | null | undefined, s: Semaforo | null | undefined): Light {
  if (pct == null || !Number.isFinite(pct) || !s) return "gris";
  if (pct <= s.verde.hasta) return "verde";
  if (pct <= s.amarillo.hasta) return "amarillo";
  return "rojo";
}

/** A category of the traffic-light table: value 0 is 'Todos' (cannot be deleted). */
export interface CategoryRow {
  value: number;
  label: string;
  semaforo: Semaforo;
  /** The category's version, sent back with its edit (contract/versions.ts). */
  version: number;
}

export const TODOS_ID = 0;
export const TODOS_LABEL = "Todos";
export const CATEGORY_NAME_REQUIRED = "Ingresar el nombre de la categoría";
export const PARTITION_INVALID =
  "Los rangos verde, amarillo y rojo deben cubrir de 0 a 100 sin superponerse.";
export const CATEGORY_NAME_TAKEN = "Ya existe una categoría con ese nombre.";
export const CATEGORY_IN_USE = "La categoría tiene contratos asignados y no se puede eliminar.";
export const CATEGORY_NOT_FOUND = "La categoría seleccionada no existe.";
export const TODOS_NOT_DELETABLE = "La categoría Todos no se puede eliminar.";
export const CATEGORY_DELETE_CONFIRM = "Seguro que desea eliminar el registro seleccionado?";

const pct = z.number({ error: PARTITION_INVALID }).int(PARTITION_INVALID).min(0, PARTITION_INVALID)
  .max(100, PARTITION_INVALID);
const rangeFields = {
  verdeDesde: pct,
  verdeHasta: pct,
  amarilloDesde: pct,
  amarilloHasta: pct,
  rojoDesde: pct,
  rojoHasta: pct,
};
type RangeFields = { [K in keyof typeof rangeFields]: number };
export const semaforoOfBody = (b: RangeFields): Semaforo => ({
  verde: { desde: b.verdeDesde, hasta: b.verdeHasta },
  amarillo: { desde: b.amarilloDesde, hasta: b.amarilloHasta },
  rojo: { desde: b.rojoDesde, hasta: b.rojoHasta },
});
const partitions = (b: RangeFields) => isPartition(semaforoOfBody(b));

/** PUT add: the name and the six bounds, which must partition 0–100. */
export const categoryAddBody = strict({ categoriaName: text(CATEGORY_NAME_REQUIRED, 80), ...rangeFields })
  .refine(partitions, { message: PARTITION_INVALID, path: ["semaforo"] });
/** POST edit: the same plus categoriaId (0 is 'Todos', whose name stays). */
export const categoryEditBody = strict({
  categoriaId: z.number({ error: CATEGORY_NOT_FOUND }).int(CATEGORY_NOT_FOUND).min(0, CATEGORY_NOT_FOUND)
    .max(2_147_483_647, CATEGORY_NOT_FOUND),
  categoriaName: text(CATEGORY_NAME_REQUIRED, 80),
  ...rangeFields,
  /** The category's version as the dialog read it. */
  version,
}).refine(partitions, { message: PARTITION_INVALID, path: ["semaforo"] });
export type CategoryAddBody = z.infer<typeof categoryAddBody>;
export type CategoryEditBody = z.infer<typeof categoryEditBody>;
export type CategoryInput = z.input<typeof categoryAddBody>;

/** The body of the two slider handles. */
export const categoryBodyOf = (name: string, first: number, second: number): CategoryInput => {
  const s = semaforoOf(first, second);
  return {
    categoriaName: name,
    verdeDesde: s.verde.desde,
    verdeHasta: s.verde.hasta,
    amarilloDesde: s.amarillo.desde,
    amarilloHasta: s.amarillo.hasta,
    rojoDesde: s.rojo.desde,
    rojoHasta: s.rojo.hasta,
  };
};

/** DELETE /api/maps/categories/:id (0, 'Todos', is refused by the server with TODOS_NOT_DELETABLE). */
export const categoryIdParam = z.object({
  id: z.coerce.number({ error: CATEGORY_NOT_FOUND }).int(CATEGORY_NOT_FOUND).min(0, CATEGORY_NOT_FOUND)
    .max(2_147_483_647, CATEGORY_NOT_FOUND),
});

// ---- Sales indicators (Indicador de Ventas) ---------------------------------------------------------------

/**
 * The six ranges of the sales map, red to green, by the shop's month-to-date sales per m2 as a percentage of
 * its category's in the same mall (docs/metrics.md); `desde` is the lower bound (inclusive).
 */
export const SALES_RANGES = [
  { id: 1, label: "Menos de 50%", desde: -Infinity, color: "#d7263d" },
  { id: 2, label: "50% a 75%", desde: 50, color: "#f46036" },
  { id: 3, label: "75% a 90%", desde: 75, color: "#f9a03f" },
  { id: 4, label: "90% a 110%", desde: 90, color: "#f4e21a" },
  { id: 5, label: "110% a 130%", desde: 110, color: "#a6d854" },
  { id: 6, label: "130% o más", desde: 130, color: "#2e9e44" },
] as const;
export const NO_SALES = { id: 0, label: "Sin ventas en el mes", color: "#b0b0b0" } as const;
export type SalesRangeId = 0 | typeof SALES_RANGES[number]["id"];

/** The range of a ratio (%); 0 (Sin ventas) without one. */
export function salesRangeOf(ratio: number | null | undefined): SalesRangeId {
  if (ratio == null || !Number.isFinite(ratio)) return 0;
  let id: SalesRangeId = 1;
  for (const r of SALES_RANGES) if (ratio >= r.desde) id = r.id;
  return id;
}

/** The figures of a shop's window (spec 2): amounts in the contract's currency. */
export interface SalesIndicators {
  area: number;
  moneda: "PEN" | "USD";
  ventaDiaAnterior: number | null;
  ventaDiaAnteriorM2: number | null;
  ventaM2MesActual: number | null;
  ventaM2MesAnterior: number | null;
  promedioVentaMesActual: number | null;
  ventaMesAnterior: number | null;
  /** Month-to-date sales per m2 as a % of the category's in the mall, and its range. */
  ratio: number | null;
  rango: SalesRangeId;
}

export interface SalesLocation extends MapLocation {
  indicadores: SalesIndicators | null;
}

export interface SalesMap {
  malls: MapMall[];
  mallId: number;
  /** Yesterday (the previous day of the figures) and the month to date's first day, yyyy-mm-dd. */
  diaAnterior: string;
  mapaCalor: { levels: MapLevel[]; locations: SalesLocation[] };
  /** False when the mall has no sale in the current or the previous month (the empty message). */
  hayVentas: boolean;
}

export const NO_SALES_DATA = "Actualmente no existen datos de ventas para este Mall.";

// ---- Closing freshness (Reporte de Cierre) ----------------------------------------------------------------

/** The closing ranges (docs/metrics.md): days of the month to yesterday without a closing, as Lista Roja. */
export const CLOSING_RANGES = [
  { id: 1, label: "Al día", color: "#87c141" },
  { id: 2, label: "Faltan 1 a 3 días", color: "#f4e21a" },
  { id: 3, label: "Faltan más de 3 días", color: "#e74157" },
] as const;
export const NOT_OPERATING = { id: 0, label: "Sin contrato en operación", color: "#b0b0b0" } as const;
export type ClosingRangeId = 0 | typeof CLOSING_RANGES[number]["id"];

/** The range of a count of missing days; 0 for a shop without a contract in operation. */
export function closingRangeOf(missingDays: number | null | undefined): ClosingRangeId {
  if (missingDays == null) return 0;
  if (missingDays <= 0) return 1;
  return missingDays <= 3 ? 2 : 3;
}

export interface ClosingLocation extends MapLocation {
  /** Null when the local has no contract in operation yesterday. */
  cierre: {
    ultimoCierre: string | null;
    diasFaltantes: number;
    faltaDesde: string | null;
    rango: ClosingRangeId;
  } | null;
}

export interface ClosingMap {
  malls: MapMall[];
  mallId: number;
  diaAnterior: string;
  mapaCalor: { levels: MapLevel[]; locations: ClosingLocation[] };
}
