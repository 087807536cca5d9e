// The heat maps' calls (contract/maps.ts).
import { queryOptions } from "@tanstack/react-query";
import type { Done } from "#contract/envelope.ts";
import {
  type CategoryInput,
  type CategoryRow,
  type ClosingMap,
  MAPS_API,
  type SalesMap,
  type VacancyMap,
  type VacancyStatus,
} from "#contract/maps.ts";
import {
  type AllInMap,
  type AssignmentBody,
  type AssignmentClearBody,
  type AssignmentDone,
  type LocalHistoryRow,
  type MaintenanceMap,
  MAPS_ALL_IN_API,
} from "#contract/maps_all_in.ts";
import { VALIDATION_ERROR } from "#contract/errors.ts";
import { del, get, post, put } from "../../lib/api.ts";
import { readQuery } from "../../lib/queries.ts";

export const MAPS_KEY = ["maps"] as const;

/** The mall the map screens show, remembered for the session (spec 2: 'choice remembered in session'). */
const MALL_KEY = "mapas.mall";
export const DEFAULT_MALL = 3;
export function rememberedMall(): number {
  const n = Number(globalThis.sessionStorage?.getItem(MALL_KEY));
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_MALL;
}
export const rememberMall = (mall: number) => globalThis.sessionStorage?.setItem(MALL_KEY, String(mall));

export const vacancyQuery = (mallId: number) =>
  readQuery<VacancyMap>(
    [...MAPS_KEY, "vacancy", mallId],
    `${MAPS_API.vacancy}?unidadEconomicaId=${mallId}`,
    0,
  );

export const salesMapQuery = (mallId: number) =>
  readQuery<SalesMap>(
    [...MAPS_KEY, "sales", mallId],
    `${MAPS_API.sales}?unidadEconomicaId=${mallId}`,
    60_000,
  );

export const closingMapQuery = (mallId: number) =>
  readQuery<ClosingMap>(
    [...MAPS_KEY, "closings", mallId],
    `${MAPS_API.closings}?unidadEconomicaId=${mallId}`,
    0,
  );

export const changeVacancy = (
  body: { unidadEconomicaId: number; idObj: number; newStatus: VacancyStatus; version: number },
) => post<Done<{ idObj: number; estado: VacancyStatus }>>(MAPS_API.vacancyStatus, body, { confirm: false });

export const categoriesQuery = readQuery<CategoryRow[]>([...MAPS_KEY, "categories"], MAPS_API.categories, 0);

export const addCategory = (body: CategoryInput) =>
  put<Done<{ categoriaId: number }>>(MAPS_API.categories, body);
export const editCategory = (id: number, body: CategoryInput, version: number) =>
  post<Done<{ categoriaId: number }>>(MAPS_API.categories, { categoriaId: id, ...body, version });
export const removeCategory = (id: number) => del<Done<{ categoriaId: number }>>(MAPS_API.category(id));

/** The All-In map's filters; a missing one takes the server's default (previous month, the year before it). */
export interface AllInFilters {
  mes?: string;
  anioComparativo?: number;
  categoriaId?: number;
}

export const allInMapQuery = (mallId: number, f: AllInFilters = {}) =>
  queryOptions({
    queryKey: [...MAPS_KEY, "all-in", mallId, f.mes ?? null, f.anioComparativo ?? null, f.categoriaId ?? 0],
    queryFn: () => {
      const q = new URLSearchParams({ unidadEconomicaId: String(mallId) });
      if (f.mes) q.set("mes", f.mes);
      if (f.anioComparativo) q.set("anioComparativo", String(f.anioComparativo));
      if (f.categoriaId) q.set("categoriaId", String(f.categoriaId));
      return get<AllInMap>(`${MAPS_ALL_IN_API.allIn}?${q}`);
    },
    staleTime: 60_000,
  });

export const maintenanceQuery = (mallId: number) =>
  readQuery<MaintenanceMap>(
    [...MAPS_KEY, "maintenance", mallId],
    `${MAPS_ALL_IN_API.maintenance}?unidadEconomicaId=${mallId}`,
    0,
  );

export const assignContract = (body: AssignmentBody) =>
  post<Done<AssignmentDone>>(MAPS_ALL_IN_API.assignment, body, { quiet: [VALIDATION_ERROR] });
export const clearAssignment = (body: AssignmentClearBody) =>
  post<Done<AssignmentDone>>(MAPS_ALL_IN_API.assignmentClear, body);

export const localHistoryQuery = (mallId: number, localId: number) =>
  queryOptions({
    queryKey: [...MAPS_KEY, "local-history", mallId, localId],
    queryFn: () =>
      get<LocalHistoryRow[]>(`${MAPS_ALL_IN_API.localHistory(localId)}?unidadEconomicaId=${mallId}`),
    staleTime: 0,
  });
