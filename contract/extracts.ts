// The extract families (docs/decisions.md, Analytics): per family its columns with the Arrow type the server
// sends and the DuckDB type the report SQL reads, the permissions that read it and the shape of its partition
// keys. The server's builders (services/extracts/) and the browser's tables (web/src/analytics/tables.ts)
// both derive from this table, and every partition key is built and parsed here.

import { z } from "zod";
import { P, type PermissionId } from "./permissions.ts";

/** How a column travels in the Arrow stream: dates as date32 (days since 1970-01-01), text as utf8. */
export type ArrowKind = "int16" | "int32" | "float64" | "date" | "text";
/** The type the report SQL reads it as (sales cents are summed past int32, so BIGINT in DuckDB). */
export type DuckType = "SMALLINT" | "INTEGER" | "BIGINT" | "DOUBLE" | "DATE" | "VARCHAR";

export interface ColumnType {
  arrow: ArrowKind;
  duck: DuckType;
}

const int16: ColumnType = { arrow: "int16", duck: "SMALLINT" };
const int32: ColumnType = { arrow: "int32", duck: "INTEGER" };
const float64: ColumnType = { arrow: "float64", duck: "DOUBLE" };
const date: ColumnType = { arrow: "date", duck: "DATE" };
const text: ColumnType = { arrow: "text", duck: "VARCHAR" };
/** Cents of a day fit int32 on the wire; their sums over months do not. */
const cents: ColumnType = { arrow: "int32", duck: "BIGINT" };
/** A month's sum: int32 on the wire while it fits (arrow.ts sends float64 past it), summed as BIGINT. */
const sum: ColumnType = { arrow: "int32", duck: "BIGINT" };

/**
 * 'contracts' (one partition), 'budgets.2024' (one a year), 'sales_daily.3.2024' (one per mall and year),
 * 'sales_days.2024.11' (one per year and month).
 */
export type KeyShape = "single" | "year" | "mall-year" | "year-month";

// ---- who reads what ----
/** Staff reports computed in the browser from the daily sales (the first three and the later ones). */
const SALES_REPORTS: PermissionId[] = [
  P.DASHBOARD_MALL,
  P.VENTAS_MENSUAL,
  P.VENTAS_GENERAL,
  P.BITACORA_EVENTOS,
  P.VENTAS_PRESUPUESTO,
  P.DIARIO_COMPARATIVO,
  P.COMPARATIVO_VENTAS,
  P.RANKING_MALL,
  P.RANKING_VENTAS,
  P.EVOLUCION_VENTAS,
  P.EVOLUCION_VENTAS_TIENDA,
  P.VENTAS_CATEGORIA,
  P.VENTAS_LOCATARIOS_M2,
  P.VENTAS_POR_DIA,
  P.REPORTE_PROVISION,
  P["REPORTE_PROYECCIÓN"],
  P.MAPA_CALOR_INDICADOR_VENTAS,
  P.EXPLORADOR_VENTAS,
];
/** Reports that compare sales with the monthly budgets (cumplimiento, meta). */
const BUDGET_REPORTS: PermissionId[] = [
  P.VENTAS_GENERAL,
  P.VENTAS_PRESUPUESTO,
  P.RANKING_MALL,
  P.EVOLUCION_VENTAS,
  P.EVOLUCION_VENTAS_TIENDA,
  P.REPORTE_PROVISION,
  P["REPORTE_PROYECCIÓN"],
  P.EXPLORADOR_VENTAS,
];
const PEDESTRIAN_REPORTS = [
  P.DASHBOARD_MALL,
  P.AFLUENCIA_DIARIA_PEATONAL,
  P.AFLUENCIA_MENSUAL_PEATONAL,
  P.EXPLORADOR_VENTAS,
];
const PARKING_REPORTS = [
  P.DASHBOARD_MALL,
  P.AFLUENCIA_DIARIA_PARKING,
  P.AFLUENCIA_MENSUAL_PARKING,
  P.EXPLORADOR_VENTAS,
];
const VACANCY_REPORTS = [P.DASHBOARD_MALL, P.MAPA_CALOR_VACANCY];
const union = (...lists: PermissionId[][]): PermissionId[] => [...new Set(lists.flat())];
const SALES_DIMS = union(SALES_REPORTS, BUDGET_REPORTS);
const EVERY_REPORT = union(SALES_DIMS, PEDESTRIAN_REPORTS, PARKING_REPORTS, VACANCY_REPORTS);
/** Reports that list the closings themselves (one row per supply point and day, with their timestamps). */
const CLOSING_REPORTS: PermissionId[] = [P.GENERAL_VENTAS];

export interface FamilySpec {
  shape: KeyShape;
  /** Any of these permissions reads the family; tenant roles never do. */
  permissions: readonly PermissionId[];
  /** In the order of the Arrow stream. */
  columns: Readonly<Record<string, ColumnType>>;
  /**
   * Built from this family's rows of the same year: no version of its own, its version is the newest of
   * that family's partitions of the year (versions come from one sequence, so any change there moves it).
   */
  derivedFrom?: "sales_daily";
}

export const FAMILIES = {
  sales_daily: {
    shape: "mall-year",
    permissions: SALES_REPORTS,
    columns: { contract_id: int32, day: date, amount_cents: cents, transactions: int32 },
  },
  /**
   * The daily sales of one year, all malls, summed per contract and month (`month` its first day): amount,
   * transactions, days with a closing, first and last day with one. What reports read for whole months, so
   * a year never opened costs tens of kilobytes instead of every mall's daily partition.
   */
  sales_monthly: {
    shape: "year",
    permissions: SALES_REPORTS,
    derivedFrom: "sales_daily",
    columns: {
      contract_id: int32,
      month: date,
      amount_cents: sum,
      transactions: sum,
      days: int32,
      first_day: date,
      last_day: date,
    },
  },
  /**
   * The daily sales of one month, all malls (the columns of sales_daily): what a report reads when it needs
   * the days of a month or two of a year (a chart by day, month to date), so a year never opened costs a
   * month of days (about a tenth of the year's daily partitions) plus its monthly partition.
   */
  sales_days: {
    shape: "year-month",
    permissions: SALES_REPORTS,
    derivedFrom: "sales_daily",
    columns: { contract_id: int32, day: date, amount_cents: cents, transactions: int32 },
  },
  /**
   * Every closing (one per supply point and day) of one mall and year, with when it was registered and last
   * modified (Lima date and seconds after midnight; the modification null when never modified).
   */
  sales_closings: {
    shape: "mall-year",
    permissions: CLOSING_REPORTS,
    columns: {
      id: int32,
      contract_id: int32,
      day: date,
      amount_cents: cents,
      transactions: int32,
      registered_on: date,
      registered_secs: int32,
      updated_on: date,
      updated_secs: int32,
    },
  },
  budgets: {
    shape: "year",
    permissions: BUDGET_REPORTS,
    columns: { contract_id: int32, month: date, amount: float64 },
  },
  traffic_pedestrian: {
    shape: "year",
    permissions: PEDESTRIAN_REPORTS,
    columns: { mall_id: int16, zone: text, day: date, visitors: int32 },
  },
  traffic_parking: {
    shape: "year",
    permissions: PARKING_REPORTS,
    columns: { mall_id: int16, day: date, vehicles: int32 },
  },
  malls: {
    shape: "single",
    permissions: EVERY_REPORT,
    /** sociedad: the company that owns the mall (Reporte General de Ventas). */
    columns: { id: int16, code: text, name: text, sort: int16, sociedad: text },
  },
  categories: { shape: "single", permissions: SALES_DIMS, columns: { id: int32, name: text } },
  contracts: {
    shape: "single",
    permissions: SALES_DIMS,
    columns: {
      id: int32,
      code: text,
      mall_id: int16,
      denominacion: text,
      category_id: int32,
      cebe_code: text,
      cebe_name: text,
      area: float64,
      start_date: date,
      end_date: date,
      op_start: date,
      op_end: date,
      /** 'PEN' or 'USD': a dollar contract's amounts are dollars (never summed with soles unsaid). */
      currency: text,
      /** The rental objects (Objetos) and the commercial executive (Comercial) of Ranking de Ventas. */
      objetos: text,
      executive: text,
      /** 'Contrato antiguo' and the sale type ('Tipo Vta', 'Denom Tipo Vta'). */
      old_code: text,
      sales_type: text,
      sales_type_name: text,
    },
  },
  inflation: {
    shape: "single",
    permissions: SALES_DIMS,
    columns: { year: int16, month: int16, pct: float64 },
  },
  /** Only the settings a report may read (anioComparativo); the rest stays on the server. */
  settings: { shape: "single", permissions: EVERY_REPORT, columns: { key: text, value: text } },
  locals: {
    shape: "single",
    permissions: VACANCY_REPORTS,
    columns: { id: int32, mall_id: int16, code: text, area: float64, vacancy_state: int16 },
  },
  /** 'Contratos Símiles': the groups of similar contracts, one contract per mall (Comparativo de Ventas). */
  similar_contracts: {
    shape: "single",
    permissions: [P.COMPARATIVO_VENTAS],
    columns: { group_id: int32, mall_id: int16, contract_id: int32 },
  },
} as const satisfies Record<string, FamilySpec>;

export type FamilyName = keyof typeof FAMILIES;
export const FAMILY_NAMES = Object.keys(FAMILIES) as FamilyName[];
type ShapeOf<S extends KeyShape> = { [F in FamilyName]: (typeof FAMILIES)[F]["shape"] extends S ? F : never }[
  FamilyName
];
export type SingleFamily = ShapeOf<"single">;
export type YearFamily = ShapeOf<"year">;
export type MallYearFamily = ShapeOf<"mall-year">;
export type YearMonthFamily = ShapeOf<"year-month">;

export const isFamily = (name: string): name is FamilyName => Object.hasOwn(FAMILIES, name);

/** A family's columns as [name, type] in stream order. */
export const columnsOf = (family: FamilyName): [string, ColumnType][] =>
  Object.entries(FAMILIES[family].columns);

// ---- partition keys: built and parsed here only ----
export interface Partition {
  key: string;
  family: FamilyName;
  /** 0 unless the family has one partition per mall. */
  mall: number;
  /** 0 unless the family has one partition per year. */
  year: number;
  /** 1 to 12 for a family with one partition per year and month, else 0. */
  month: number;
}

/**
 * The key of a partition: `partitionKey("contracts")`, `("budgets", 2024)`, `("sales_daily", 3, 2024)`,
 * `("sales_days", 2024, 11)`.
 */
export function partitionKey(family: SingleFamily): string;
export function partitionKey(family: YearFamily, year: number): string;
export function partitionKey(family: MallYearFamily, mall: number, year: number): string;
export function partitionKey(family: YearMonthFamily, year: number, month: number): string;
export function partitionKey(family: FamilyName, ...params: number[]): string {
  return [family, ...params.map((n) => String(n))].join(".");
}

const isYear = (y: number) => y >= 2000 && y <= 2100;

/** The family and parameters of a key, or null when the key names no partition of the families. */
export function parsePartition(key: string): Partition | null {
  // A report's plan parses the same few hundred keys on every filter change; only valid keys are kept, and
  // never more than a catalogue's worth (the server parses keys that clients send).
  const known = parsed.get(key);
  if (known) return known;
  const p = parseKey(key);
  if (p) {
    if (parsed.size >= 10_000) parsed.clear();
    parsed.set(key, Object.freeze(p));
  }
  return p;
}

const parsed = new Map<string, Partition>();

function parseKey(key: string): Partition | null {
  const [name, ...rest] = key.split(".");
  if (!isFamily(name) || !rest.every((x) => /^[0-9]{1,4}$/.test(x))) return null;
  const nums = rest.map(Number);
  const shape: KeyShape = FAMILIES[name].shape;
  if (shape === "single" && nums.length === 0) return { key, family: name, mall: 0, year: 0, month: 0 };
  if (shape === "year" && nums.length === 1 && isYear(nums[0])) {
    return { key, family: name, mall: 0, year: nums[0], month: 0 };
  }
  if (shape === "mall-year" && nums.length === 2 && nums[0] > 0 && isYear(nums[1])) {
    return { key, family: name, mall: nums[0], year: nums[1], month: 0 };
  }
  // The month as written by partitionKey (no leading zero), so a key names one partition only.
  if (
    shape === "year-month" && nums.length === 2 && isYear(nums[0]) && nums[1] >= 1 && nums[1] <= 12 &&
    rest[1] === String(nums[1])
  ) {
    return { key, family: name, mall: 0, year: nums[0], month: nums[1] };
  }
  return null;
}

/** Every mall's closings (one row per supply point and day) of every year given. */
export const closingPartitions = (malls: readonly number[], years: readonly number[]): string[] =>
  malls.flatMap((m) => years.map((y) => partitionKey("sales_closings", m, y)));

/** Every mall's daily sales of every year given. */
export const salesPartitions = (malls: readonly number[], years: readonly number[]): string[] =>
  malls.flatMap((m) => years.map((y) => partitionKey("sales_daily", m, y)));

/** The monthly sales (all malls) of every year given. */
export const monthlyPartitions = (years: readonly number[]): string[] =>
  years.map((y) => partitionKey("sales_monthly", y));

/** The daily sales (all malls) of each [year, month] given. */
export const dayPartitions = (months: readonly (readonly [number, number])[]): string[] =>
  months.map(([y, m]) => partitionKey("sales_days", y, m));

/** A yearly family's partitions of the years given. */
export const yearPartitions = (family: YearFamily, years: readonly number[]): string[] =>
  years.map((y) => partitionKey(family, y));

// ---- the calls (docs/api.md, Extracts) ----
export const EXTRACTS_PATH = "/api/extracts";
export const ARROW_STREAM = "application/vnd.apache.arrow.stream";

/** GET /api/extracts/:partition — the key's form only; parsePartition decides whether it exists (404). */
export const partitionParam = z.object({
  partition: z.string().max(64, "Partición inválida.").regex(
    /^[a-z_]+(\.[0-9]{1,4}){0,2}$/,
    "Partición inválida.",
  ),
});

export interface CatalogEntry {
  partition: string;
  family: FamilyName;
  /** Opaque: equal tokens mean equal bytes. */
  version: string;
  etag: string;
  /** Rows and Arrow stream size (uncompressed) of this version, once built; else null. */
  rows: number | null;
  bytes: number | null;
}

/** GET /api/extracts/catalog: today (Lima), the extract format and the partitions the session may read. */
export interface Catalog {
  today: string;
  format: number;
  families: FamilyName[];
  table: CatalogEntry[];
}
