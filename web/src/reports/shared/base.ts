// What every report screen needs before its own query: today (the server's Lima date), the malls, the
// global comparison year and the years that have sales.

import { type Catalog, parsePartition } from "#contract/extracts.ts";
import type { QueryClient } from "@tanstack/react-query";
import { reportKey, useReport } from "../../analytics/use-report.ts";
import { basePartitions, baseStatements } from "./base-report.ts";
import type { MallOption } from "./filters.tsx";

export interface Base {
  today: string;
  malls: MallOption[];
  /** The malls' ids: what a report of every mall reads (as CatalogBase's, before the base is read). */
  mallIds: number[];
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

/** The base's report: the partitions and statements it reads name its figures (reportKey). */
const BASE = { name: "base", partitions: basePartitions, statements: baseStatements };

export function useBase() {
  return useReport({
    ...BASE,
    select: (r, cat): Base => ({
      today: cat.today,
      malls: r.malls,
      mallIds: r.malls.map((m) => m.id),
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

/** The malls a report of `mall` reads: that one, or every mall for 0 ('Todas'). */
export const mallsOf = (base: { mallIds: number[] }, mall: number) => (mall ? [mall] : base.mallIds);

/** The mall asked when it is one of the base's, else the first (a report of one mall, no 'Todas'). */
export const mallOr = (base: Base, mall: number) =>
  base.malls.some((m) => m.id === mall) ? mall : base.malls[0]?.id ?? 0;

/**
 * Runs `start` with the screen's base when it is known (a filter change of a screen on view): a route's
 * beforeLoad starts the new filters' reports with it, before React draws the screen (startReport).
 */
export function withBase(client: QueryClient, start: (base: Base) => void): void {
  const base = client.getQueryData<Base>(reportKey(BASE));
  if (base) start(base);
}
