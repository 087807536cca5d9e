// The benchmark's later visits: a screen's first filter changes in a browser that opened it before (a kept
// profile, where Chrome keeps DuckDB's compiled and optimized code) against the same in browsers that never
// did (off-the-record contexts, where it keeps none): the first changes of a page run DuckDB's statements
// while V8 is still optimizing them, unless a visit before left the optimized code in the cache.

import type { Browser } from "playwright-core";
import {
  type Change,
  filterChange,
  freshContext,
  keptContext,
  measureLoad,
  pct,
  type Screen,
  timedChange,
} from "./analytics_page.ts";

export interface Visit {
  /** Median of the changes' time to the rendered figures, and of their DuckDB statements. */
  ms: number;
  query: number;
}

async function visit(context: Parameters<typeof measureLoad>[0], s: Screen, warm: string[], timed: string[]) {
  const { page } = await measureLoad(context, s);
  for (const q of warm) await filterChange(page, q, s.probe).catch(() => 0);
  const xs: Change[] = [];
  for (const q of timed) xs.push(await timedChange(page, q, s.probe));
  await page.close();
  return { ms: pct(xs.map((c) => c.ms), 0.5), query: pct(xs.map((c) => c.query), 0.5) };
}

/** Three visits of the screen each way: new browsers (first visits) and one kept profile. */
export async function laterVisits(browser: Browser, url: string, sid: string, s: Screen, today: string) {
  const { warm, timed } = s.changes!(today);
  const first: Visit[] = [], kept: Visit[] = [];
  for (let i = 0; i < 3; i++) {
    const c = await freshContext(browser, url, sid);
    first.push(await visit(c, s, warm, timed.slice(0, 10)));
    await c.close();
  }
  const profile = await keptContext(url, sid);
  try {
    for (let i = 0; i < 3; i++) {
      kept.push(await visit(profile.context, s, warm, timed.slice(0, 10)));
      // V8 writes a module's optimized code to the cache a moment after it optimized enough of it.
      await new Promise((r) => setTimeout(r, 5_000));
    }
  } finally {
    await profile.close();
  }
  return { first, kept };
}
