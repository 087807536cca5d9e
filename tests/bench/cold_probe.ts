// Cold loads of a few report screens with the page's own measures (extract downloads, DuckDB's start and
// inserts, the queries and renders, the requests, in milliseconds from the navigation): where a first
// report's time goes (PROBE_REVISIT=1: a revisit's).
// Not part of `deno task bench` (its loads table gives the totals); run it by hand on the bench data:
//   BENCH_DATA_DIR=… PROBE_SCREENS="Ventas Presupuesto,Dashboard" deno run -A tests/bench/cold_probe.ts
// Three rounds of empty browsers; the last round prints each screen's measures.

import { launchBrowser } from "../helpers/browser.ts";
import { freePort } from "../helpers/server.ts";
import { freshContext, measureLoad, SCREENS } from "./analytics_page.ts";
import { apiSignIn, ROOT, startBenchServer } from "./analytics_server.ts";

const DATA_DIR = Deno.env.get("BENCH_DATA_DIR") ?? `${ROOT}data/bench`;
/** PROBE_REVISIT=1: each empty browser's load is followed by a revisit, whose measures are printed instead. */
const REVISIT = Deno.env.get("PROBE_REVISIT") === "1";
const names = (Deno.env.get("PROBE_SCREENS") ?? "Ventas Presupuesto,Dashboard,Ventas Mensual").split(",");
const screens = names.map((n) => {
  const s = SCREENS.find((x) => x.name === n);
  if (!s) throw new Error(`Cannot probe ${n}: no such screen in tests/bench/analytics_screens.ts`);
  return s;
});

const server = await startBenchServer(DATA_DIR, freePort());
const browser = await launchBrowser({ asUser: true });
try {
  const sid = await apiSignIn(server.url, "admin@demo.pe");
  for (let round = 0; round < 3; round++) {
    for (const s of screens) {
      const context = await freshContext(browser, server.url, sid);
      let { page, load } = await measureLoad(context, s);
      console.log(`${s.name}: ${load.ms.toFixed(0)} ms`);
      if (REVISIT) {
        // The same profile again, nothing changed: the bench's 'revisit' (rows from IndexedDB).
        await page.close();
        ({ page, load } = await measureLoad(context, s));
        console.log(`${s.name}, revisit: ${load.ms.toFixed(0)} ms`);
      }
      if (round === 2) {
        const measures = await page.evaluate(() =>
          [
            ...performance.getEntriesByType("measure"),
            ...performance.getEntriesByType("resource"),
            ...performance.getEntriesByType("navigation"),
            ...performance.getEntriesByType("paint"),
          ].sort((a, b) => a.startTime - b.startTime).map((e) =>
            `${e.entryType === "measure" ? "" : `${e.entryType} `}${e.name.replace(location.origin, "")} ${
              e.startTime.toFixed(0)
            }+${e.duration.toFixed(0)}`
          )
        );
        const ready = await page.evaluate(() => (globalThis as unknown as { __readyAt: number }).__readyAt);
        measures.push(`ready ${ready.toFixed(0)}`);
        console.log(`  ${measures.join("\n  ")}`);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
