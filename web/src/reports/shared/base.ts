// What every report screen needs before its own query: today (the server's Lima date), the malls, the
// global comparison year and the years that have sales.

import { type Catalog, parsePartition, partitionKey } from "../../../../contract/extracts.ts";
import { statement, withLocal } from "../../analytics/connector.ts";
import type { QueryClient } from "@tanstack/react-query";
import { reportKey, useReport } from "../../analytics/use-report.ts";
import type { MallOption } from "./filters.tsx";

export interface Base {
  today: string;
  malls: MallOption[];
  /** The stored global comparison year (settings 'anioComparativo'), 2019 when unset. */
  comparisonYear: number;
  /** Years with at least one sales partition (any mall). */
  salesYears: number[];
}

/** The sales partitions of the catalogue, parsed. */
const salesOf = (cat: Catalog) =>
  cat.table.map((e) => parsePartition(e.partition)).filter((p) => p?.family === "sales_daily");

export function salesYearsOf(cat: Catalog): number[] {
  return [...new Set(salesOf(cat).map((p) => p!.year))].sort();
}

export const basePartitions = [partitionKey("malls"), partitionKey("settings")];
export const baseStatements = {
  malls: withLocal(
    statement<MallOption>("select id::int as id, name from malls order by sort"),
    (d) =>
      [...d.rows("malls")].sort((a, b) => (a.sort as number) - (b.sort as number))
        .map((m) => ({ id: m.id as number, name: m.name as string })),
  ),
  settings: withLocal(
    statement<{ value: string | null }>("select value from settings where key = 'anioComparativo'"),
    (d) =>
      d.rows("settings").filter((r) => r.key === "anioComparativo").map((r) => ({
        value: r.value as string | null,
      })),
  ),
};

const BASE_KEY = ["base"];

export function useBase() {
  return useReport({
    key: BASE_KEY,
    partitions: basePartitions,
    statements: baseStatements,
    select: (r, cat): Base => ({
      today: cat.today,
      malls: r.malls,
      comparisonYear: Number(r.settings[0]?.value ?? 2019) || 2019,
      salesYears: salesYearsOf(cat),
    }),
  });
}

/** What the catalogue alone tells, before any extract is read: today and the malls that have sales. */
export interface CatalogBase {
  today: string;
  mallIds: number[];
}

export function catalogBase(cat: Catalog): CatalogBase {
  const ids = salesOf(cat).map((p) => p!.mall);
  return { today: cat.today, mallIds: [...new Set(ids)].sort((a, b) => a - b) };
}

/**
 * Runs `start` with the screen's base when it is known (a filter change of a screen on view): a route's
 * beforeLoad starts the new filters' reports with it, before React draws the screen (startReport).
 */
export function withBase(client: QueryClient, start: (base: Base) => void): void {
  const base = client.getQueryData<Base>(reportKey({ key: BASE_KEY }));
  if (base) start(base);
}
