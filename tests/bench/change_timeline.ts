// The timeline of a screen's filter changes: each change's measures (statements, reports, renders) and long
// tasks, in ms from the change, for the changes that took longest. Not part of `deno task bench`; run by hand:
//   BENCH_DATA_DIR=… TIMELINE_SCREEN="Reporte General de Ventas" deno run -A tests/bench/change_timeline.ts

import { launchBrowser } from "../helpers/browser.ts";
import { freePort } from "../helpers/server.ts";
import { filterChange, freshContext, measureLoad, SCREENS, settle } from "./analytics_page.ts";
import { apiSignIn, ROOT, startBenchServer } from "./analytics_server.ts";

const DATA_DIR = Deno.env.get("BENCH_DATA_DIR") ?? `${ROOT}data/bench`;
const name = Deno.env.get("TIMELINE_SCREEN") ?? "Reporte General de Ventas";
const s = SCREENS.find((x) => x.name === name && x.changes);
if (!s) throw new Error(`Cannot trace ${name}: no screen with its own filter changes of that name`);

const server = await startBenchServer(DATA_DIR, freePort());
const browser = await launchBrowser({ asUser: true });
try {
  const sid = await apiSignIn(server.url, "admin@demo.pe");
  const cat = await (await fetch(`${server.url}/api/extracts/catalog`, { headers: { cookie: `sid=${sid}` } }))
    .json();
  const context = await freshContext(browser, server.url, sid);
  const { page } = await measureLoad(context, s);
  const changes = s.changes!(cat.data.today);
  for (const search of changes.warm) await filterChange(page, search, s.probe).catch(() => 0);
  const out: { ms: number; text: string }[] = [];
  for (const search of changes.timed) {
    await settle(page);
    const r = await page.evaluate(
      ([search, probe]) =>
        new Promise<{ ms: number; text: string }>((resolve) => {
          const long: PerformanceEntry[] = [];
          const po = new PerformanceObserver((l) => long.push(...l.getEntries()));
          po.observe({ type: "longtask" });
          const before = document.querySelector(probe)?.textContent ?? "";
          const done = () =>
            !document.querySelector(".report-stale, [data-testid=report-progress], [aria-busy=true]") &&
            (document.querySelector(probe)?.textContent ?? "") !== before;
          let finished = false;
          const finish = () => {
            if (finished || !done()) return;
            finished = true;
            const ms = performance.now() - t0;
            observer.disconnect();
            setTimeout(() => {
              po.disconnect();
              const all = [...performance.getEntriesByType("measure"), ...long]
                .filter((m) => m.startTime >= t0 - 1 && m.startTime <= t0 + ms)
                .sort((a, b) => a.startTime - b.startTime)
                .map((m) =>
                  `${m.entryType === "longtask" ? "LONGTASK" : m.name} ${(m.startTime - t0).toFixed(1)}+${
                    m.duration.toFixed(1)
                  }`
                );
              resolve({ ms, text: `${ms.toFixed(1)} ms ${search}\n    ${all.join("\n    ")}` });
            }, 100);
          };
          const observer = new MutationObserver(finish);
          observer.observe(document, {
            childList: true,
            subtree: true,
            characterData: true,
            attributes: true,
          });
          const t0 = performance.now();
          history.replaceState(history.state, "", `${location.pathname}?${search}`);
          dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
          finish();
        }),
      [search, s.probe] as const,
    );
    out.push(r);
  }
  out.sort((a, b) => b.ms - a.ms);
  console.log(out.map((o) => o.text).join("\n"));
} finally {
  await browser.close();
  await server.stop();
}
