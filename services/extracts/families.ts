// The extract families: how a partition is named, who may read it and how it is built. The one map from
// family to the report permissions that read it lives here (docs/decisions.md, Analytics).

import type { Queryable } from "../db.ts";
import * as b from "./builders.ts";
import type { FamilyName } from "./builders.ts";

/** Staff reports computed in the browser from the daily sales (this three and the later ones). */
const SALES_REPORTS = [
  "DASHBOARD_MALL",
  "VENTAS_MENSUAL",
  "VENTAS_GENERAL",
  "BITACORA_EVENTOS",
  "VENTAS_PRESUPUESTO",
  "DIARIO_COMPARATIVO",
  "COMPARATIVO_VENTAS",
  "RANKING_MALL",
  "RANKING_VENTAS",
  "EVOLUCION_VENTAS",
  "EVOLUCION_VENTAS_TIENDA",
  "VENTAS_CATEGORIA",
  "VENTAS_LOCATARIOS_M2",
  "VENTAS_POR_DIA",
  "REPORTE_PROVISION",
  "REPORTE_PROYECCIÓN",
  "MAPA_CALOR_INDICADOR_VENTAS",
];
/** Reports that compare sales with the monthly budgets (cumplimiento, meta). */
const BUDGET_REPORTS = [
  "VENTAS_GENERAL",
  "VENTAS_PRESUPUESTO",
  "RANKING_MALL",
  "EVOLUCION_VENTAS",
  "EVOLUCION_VENTAS_TIENDA",
  "REPORTE_PROVISION",
  "REPORTE_PROYECCIÓN",
];
const PEDESTRIAN_REPORTS = ["DASHBOARD_MALL", "AFLUENCIA_DIARIA_PEATONAL", "AFLUENCIA_MENSUAL_PEATONAL"];
const PARKING_REPORTS = ["DASHBOARD_MALL", "AFLUENCIA_DIARIA_PARKING", "AFLUENCIA_MENSUAL_PARKING"];
const VACANCY_REPORTS = ["DASHBOARD_MALL", "MAPA_CALOR_VACANCY"];
const union = (...lists: string[][]) => [...new Set(lists.flat())];

export type KeyShape = "single" | "year" | "mall-year";

export interface Family {
  name: FamilyName;
  shape: KeyShape;
  /** Any of these permissions reads the family; tenant roles never do. */
  permissions: readonly string[];
  build(q: Queryable, p: { mall: number; year: number }): Promise<b.Built>;
}

const f = (
  name: FamilyName,
  shape: KeyShape,
  permissions: string[],
  build: Family["build"],
): Family => ({ name, shape, permissions, build });

const SALES_DIMS = union(SALES_REPORTS, BUDGET_REPORTS);

export const FAMILIES: Record<FamilyName, Family> = {
  sales_daily: f("sales_daily", "mall-year", SALES_REPORTS, (q, p) => b.salesDaily(q, p.mall, p.year)),
  budgets: f("budgets", "year", BUDGET_REPORTS, (q, p) => b.budgets(q, p.year)),
  traffic_pedestrian: f(
    "traffic_pedestrian",
    "year",
    PEDESTRIAN_REPORTS,
    (q, p) => b.trafficPedestrian(q, p.year),
  ),
  traffic_parking: f("traffic_parking", "year", PARKING_REPORTS, (q, p) => b.trafficParking(q, p.year)),
  contracts: f("contracts", "single", SALES_DIMS, (q) => b.contracts(q)),
  categories: f("categories", "single", SALES_DIMS, (q) => b.categories(q)),
  inflation: f("inflation", "single", SALES_DIMS, (q) => b.inflation(q)),
  locals: f("locals", "single", VACANCY_REPORTS, (q) => b.locals(q)),
  malls: f(
    "malls",
    "single",
    union(SALES_DIMS, PEDESTRIAN_REPORTS, PARKING_REPORTS, VACANCY_REPORTS),
    (q) => b.malls(q),
  ),
  settings: f(
    "settings",
    "single",
    union(SALES_DIMS, PEDESTRIAN_REPORTS, PARKING_REPORTS, VACANCY_REPORTS),
    (q) => b.settings(q),
  ),
};

export interface PartitionKey {
  key: string;
  family: Family;
  mall: number;
  year: number;
}

/** 'sales_daily.3.2024', 'budgets.2024', 'contracts': the family and its parameters, or null. */
export function parsePartition(key: string): PartitionKey | null {
  const [name, ...rest] = key.split(".");
  const family = Object.hasOwn(FAMILIES, name) ? FAMILIES[name as FamilyName] : undefined;
  if (!family) return null;
  const nums = rest.map((x) => (/^[0-9]{1,4}$/.test(x) ? Number(x) : NaN));
  if (nums.some(Number.isNaN)) return null;
  const year = (y: number | undefined) => y !== undefined && y >= 2000 && y <= 2100;
  if (family.shape === "single" && nums.length === 0) return { key, family, mall: 0, year: 0 };
  if (family.shape === "year" && nums.length === 1 && year(nums[0])) {
    return { key, family, mall: 0, year: nums[0] };
  }
  if (family.shape === "mall-year" && nums.length === 2 && nums[0] > 0 && year(nums[1])) {
    return { key, family, mall: nums[0], year: nums[1] };
  }
  return null;
}

/** Whether a role (never a tenant's) may read the family. */
export function mayRead(family: Family, session: { isTenant: boolean; permissions: Set<string> }): boolean {
  return !session.isTenant && family.permissions.some((p) => session.permissions.has(p));
}

export const familyOf = (partition: string): Family | undefined => parsePartition(partition)?.family;
