// Builds, in the background, the partitions whose current version nobody has built yet (after a reseed, a
// change of the extract format, or closings registered since), so the first visit of a report finds them
// ready. Runs after the server starts and then every few minutes; one build at a time, newest years first.

import type { Db } from "../db.ts";
import { logJobFailure } from "../db_faults.ts";
import { parsePartition } from "./families.ts";
import { persistedTokens } from "./persist.ts";
import { encodedPartition } from "./store.ts";
import { listVersions } from "./versions.ts";

/** Single partitions (dimensions) first, then the newest years. */
const yearOf = (partition: string) => parsePartition(partition)?.year || 9999;
/** Within a year, the closings listing (one report reads it) after the families every report reads. */
const lateOf = (partition: string) => (parsePartition(partition)?.family === "sales_closings" ? 1 : 0);

/** Builds what is missing; returns how many partitions it built and how long it took. */
export async function warmExtracts(db: Db): Promise<{ built: number; total: number; ms: number }> {
  const t0 = performance.now();
  const [versions, stored] = await Promise.all([listVersions(db), persistedTokens(db)]);
  const todo = versions.filter((v) => stored.get(v.partition) !== v.token)
    .sort((a, b) =>
      yearOf(b.partition) - yearOf(a.partition) || lateOf(a.partition) - lateOf(b.partition) ||
      a.partition.localeCompare(b.partition)
    );
  let built = 0;
  for (const v of todo) {
    const p = parsePartition(v.partition);
    if (!p) continue;
    await encodedPartition(db, p, v.version, v.token);
    built++;
    // Let the requests that queued meanwhile run before the next build.
    await new Promise((r) => setTimeout(r, 0));
  }
  return { built, total: versions.length, ms: performance.now() - t0 };
}

/** Starts the warm-up now and every `everyMinutes`; the returned function stops it. */
export function startExtractWarmer(db: Db, everyMinutes = 5): () => void {
  let running = false, first = true;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const r = await warmExtracts(db);
      if (r.built > 0 || first) {
        console.log(
          `[extracts] ${r.built} of ${r.total} partitions built in ${(r.ms / 1000).toFixed(1)} s`,
        );
      }
    } catch (e) {
      logJobFailure("[extracts] Cannot build the partitions:", e);
    } finally {
      running = false;
      first = false;
    }
  };
  run();
  const timer = setInterval(run, everyMinutes * 60_000);
  Deno.unrefTimer(timer);
  return () => clearInterval(timer);
}
