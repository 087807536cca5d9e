// Evolución Ventas por Tienda (/Reportes/EvolucionVentasTienda): the report of Evolución Ventas por CEBE
// (web/src/reports/evolucion-ventas/report.ts) by contract, with its denomination.

import {
  dailySql,
  type EvolutionFilters,
  evolutionPartitions,
  evolutionSql,
  weeklySql,
} from "../evolucion-ventas/report.ts";

export type StoreFilters = Omit<EvolutionFilters, "by">;
const byStore = (f: StoreFilters): EvolutionFilters => ({ ...f, by: "contract" });

export const storePartitions = (f: StoreFilters) => evolutionPartitions(byStore(f));
export const storeEvolutionSql = (f: StoreFilters, today: string) => evolutionSql(byStore(f), today);
export const storeWeeklySql = (f: StoreFilters, today: string) => weeklySql(byStore(f), today);
export const storeDailySql = (f: StoreFilters, today: string) => dailySql(byStore(f), today);
