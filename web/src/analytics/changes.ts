// Closings saved in this page move their partitions' extract versions. Without a word the reports would
// keep showing the old figures until the catalogue's TTL and React Query's stale time both ran out (a staff
// user who corrects a closing and opens Ventas por Día at once saw the figure before the correction). A save
// says so here: the coordinator asks the catalogue again before its next report, and every report's figures
// are computed again when next shown (browser.ts, use-report.ts). Apart from browser.ts so that the closing
// screens do not load DuckDB.
import type { QueryClient } from "@tanstack/react-query";

let generation = 0;

/** How many saves in this page changed the extracts: the coordinator compares it with the catalogue's. */
export const extractsGeneration = (): number => generation;

/** After a save that changed closings: the reports follow at once, not after a minute. */
export function extractsChanged(queryClient: QueryClient): void {
  generation++;
  void queryClient.invalidateQueries({ queryKey: ["report"] });
}
