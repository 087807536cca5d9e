// What every report screen needs before its own query: today (the server's Lima date), the malls, the
// global comparison year and the years that have sales.

import { useEffect } from "react";
import { type Catalog, catalog, prefetch } from "../../analytics/catalog.ts";
import { useReport } from "../../analytics/use-report.ts";
import type { MallOption } from "./filters.tsx";

export interface Base {
  today: string;
  malls: MallOption[];
  /** The stored global comparison year (settings 'anioComparativo'), 2019 when unset. */
  comparisonYear: number;
  /** Years with at least one sales partition (any mall). */
  salesYears: number[];
}

export function salesYearsOf(cat: Catalog): number[] {
  const years = cat.table.filter((e) => e.family === "sales_daily").map((e) =>
    Number(e.partition.split(".")[2])
  );
  return [...new Set(years)].sort();
}

export function useBase() {
  return useReport<Base>({
    key: ["base"],
    partitions: ["malls", "settings"],
    sql: {
      malls: "select id::int as id, name from malls order by sort",
      settings: "select value from settings where key = 'anioComparativo'",
    },
    select: (r, cat) => ({
      today: cat.today,
      malls: r.malls as unknown as MallOption[],
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
  const ids = cat.table.filter((e) => e.family === "sales_daily").map((e) =>
    Number(e.partition.split(".")[1])
  );
  return { today: cat.today, mallIds: [...new Set(ids)].sort((a, b) => a - b) };
}

/**
 * Starts loading the partitions the screen's first report will most likely name while the base is still
 * being read, so their download overlaps the start of DuckDB (once, when the screen opens).
 */
export function usePrefetch(partitions: (b: CatalogBase) => string[]): void {
  useEffect(() => {
    catalog().then((cat) => prefetch(partitions(catalogBase(cat)))).catch(() => {});
  }, []);
}
