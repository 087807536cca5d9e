// What the analytics benchmark measures in the page: the time from navigation to a screen's first report
// (seen by a MutationObserver installed before the app runs), the extract bytes a page downloaded, and the
// time from a filter change (the URL, as the filter bar sets it) to the rendered table.

import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { launchProfile } from "../helpers/browser.ts";
import { useSession } from "./analytics_server.ts";

import type { Screen } from "./analytics_screens.ts";

export { type Screen, SCREENS } from "./analytics_screens.ts";

/** Records in window.__readyAt the page time (ms since navigation start) when `ready` first holds. */
const readyScript = (ready: string) =>
  `(() => {
  const check = () => {
    if (window.__readyAt === undefined && (${ready})) window.__readyAt = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

export interface Load {
  ms: number;
  /**
   * Compressed extract bytes received for the requests made before the first report was shown (catalogue
   * excluded), and their number.
   */
  extractBytes: number;
  extractRequests: number;
  /** Everything the page received (assets, wasm, API). */
  totalBytes: number;
}

const CONTEXT_OPTIONS = (url: string) => ({
  baseURL: url,
  locale: "es-PE",
  timezoneId: "America/Lima",
  viewport: { width: 1366, height: 860 },
});

/** A fresh context (empty HTTP cache, IndexedDB and storage) with the session cookie. */
export async function freshContext(browser: Browser, url: string, sid: string): Promise<BrowserContext> {
  const context = await browser.newContext(CONTEXT_OPTIONS(url));
  context.setDefaultTimeout(180_000);
  await useSession(context, url, sid);
  return context;
}

/** A kept browser profile (launchProfile) with the session cookie; `close` removes its folder. */
export async function keptContext(url: string, sid: string) {
  const dir = await Deno.makeTempDir({ prefix: "bench-profile-" });
  const context = await launchProfile(dir, CONTEXT_OPTIONS(url));
  context.setDefaultTimeout(180_000);
  await useSession(context, url, sid);
  return {
    context,
    close: async () => {
      await context.close();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}

/** Opens the screen in a new page of the context and measures its first report. */
export async function measureLoad(context: BrowserContext, s: Screen): Promise<{ page: Page; load: Load }> {
  const page = await context.newPage();
  // Everything received, the DuckDB worker's wasm included (the page's resource timing does not see it).
  let received = 0;
  const sizes: Promise<void>[] = [];
  page.on("requestfinished", (r) => {
    sizes.push(
      r.sizes().then((z) => void (received += z.responseBodySize + z.responseHeadersSize), () => {}),
    );
  });
  await page.addInitScript(readyScript(s.ready));
  await page.goto(s.path, { waitUntil: "commit" });
  await page.waitForFunction(() => (globalThis as { __readyAt?: number }).__readyAt !== undefined, null, {
    timeout: 180_000,
    polling: 100,
  });
  const load = await page.evaluate(() => {
    const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const ready = (globalThis as unknown as { __readyAt: number }).__readyAt;
    // Those asked for before the first report was on screen: the idle loads of the next filters' partitions
    // start right after it, and were counted or not by how soon this ran.
    const extracts = entries.filter((r) =>
      /\/api\/extracts\/(?!catalog)/.test(r.name) && r.startTime < ready
    );
    return {
      ms: ready,
      extractBytes: extracts.reduce((n, r) => n + r.encodedBodySize, 0),
      extractRequests: extracts.length,
    };
  });
  await Promise.all(sizes);
  return { page, load: { ...load, totalBytes: received } };
}

/**
 * Sets the screen's search params as its filters do (history + popstate, no reload) and returns the ms until
 * the probe's text changed and no report is pending any more.
 */
export async function filterChange(page: Page, search: string, probe: string): Promise<number> {
  return (await timedChange(page, search, probe)).ms;
}

/** A filter change's time, and within it the time in report queries and in rendering (performance marks). */
export interface Change {
  /** From the change to the DOM holding the new figures, nothing pending (seen by a MutationObserver). */
  ms: number;
  /** The same, to the first animation frame after it (what the screen shows next; 60 Hz frames). */
  frame: number;
  /** Sum of the 'query …' measures (DuckDB) and of the 'render …' measures (rows ready to commit). */
  query: number;
  render: number;
  /** The filters changed to. */
  search: string;
  /** Each 'query …' measure of the change: its name and ms (the statements, in the order they ran). */
  statements: [string, number][];
  /** Partitions loaded during the change ('extract …' measures ended within it). */
  loads: string[];
  /** Every measure and long task within the change, as 'name start+duration' in ms from the change. */
  timeline: string[];
}

export async function timedChange(page: Page, search: string, probe: string): Promise<Change> {
  await settle(page);
  return await page.evaluate(([search, probe]) =>
    new Promise<Change>((resolve, reject) => {
      const long: PerformanceEntry[] = [];
      const tasks = new PerformanceObserver((l) => long.push(...l.getEntries()));
      tasks.observe({ type: "longtask" });
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
        clearTimeout(timer);
        requestAnimationFrame(() => {
          // The change's measures, read once at the next frame (a render measure ends after the commit).
          tasks.disconnect();
          const all = performance.getEntriesByType("measure");
          const since = (prefix: string) => all.filter((m) => m.startTime >= t0 && m.name.startsWith(prefix));
          const statements = since("query ").map((m): [string, number] => [m.name.slice(6), m.duration]);
          resolve({
            search,
            ms,
            frame: performance.now() - t0,
            query: statements.reduce((n, [, t]) => n + t, 0),
            render: since("render ").reduce((n, m) => n + m.duration, 0),
            statements,
            loads: all.filter((m) => m.startTime + m.duration >= t0 && m.name.startsWith("extract "))
              .map((m) => `${m.name.slice(8)} ${Math.round(m.duration)} ms`),
            timeline: [...all, ...long].filter((m) => m.startTime >= t0 - 1 && m.startTime <= t0 + ms)
              .sort((a, b) => a.startTime - b.startTime)
              .map((m) =>
                `${m.entryType === "longtask" ? "long task" : m.name} ${(m.startTime - t0).toFixed(1)}+${
                  m.duration.toFixed(1)
                }`
              ),
          });
        });
      };
      // Every change of the DOM (text, nodes, classes) is checked when it happens, not at the next frame.
      const observer = new MutationObserver(finish);
      observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
      const timer = setTimeout(() => {
        observer.disconnect();
        tasks.disconnect();
        reject(new Error(`timeout ${search}`));
      }, 120_000);
      const t0 = performance.now();
      history.replaceState(history.state, "", `${location.pathname}?${search}`);
      dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
      finish();
    }), [search, probe] as const);
}

/** Requests and bytes the page sent to / received from the server while fn ran (after the first load). */
export async function serverCost<T>(page: Page, fn: () => Promise<T>) {
  let requests = 0, bytes = 0;
  const sizes: Promise<void>[] = [];
  const onDone = (r: Request) => {
    requests++;
    sizes.push(
      r.sizes().then(
        (z) =>
          void (bytes += z.responseBodySize + z.responseHeadersSize + z.requestBodySize +
            z.requestHeadersSize),
        () => {},
      ),
    );
  };
  page.on("requestfinished", onDone);
  try {
    const result = await fn();
    await Promise.all(sizes);
    return { result, requests, bytes };
  } finally {
    page.off("requestfinished", onDone);
  }
}

/** Waits until the page ran no report query for `quietMs` (the reports after the table, e.g. charts, done). */
export function settle(page: Page, quietMs = 300): Promise<void> {
  return page.evaluate(async (quietMs) => {
    const count = () => performance.getEntriesByType("measure").length;
    let n = count(), since = performance.now();
    const t0 = performance.now();
    while (performance.now() - since < quietMs && performance.now() - t0 < 15_000) {
      await new Promise((r) => setTimeout(r, 50));
      if (count() !== n) [n, since] = [count(), performance.now()];
    }
  }, quietMs);
}

/** The page's time to get JSON answers asked at once (the older system's way: a request per table). */
export function timedFetch(page: Page, urls: string[]): Promise<number> {
  return page.evaluate(async (urls) => {
    const t0 = performance.now();
    await Promise.all(urls.map(async (url) => {
      const body = await (await fetch(url, { cache: "no-store" })).json();
      if (!body.success) throw new Error(`legacy ${url}: ${JSON.stringify(body).slice(0, 200)}`);
    }));
    return performance.now() - t0;
  }, urls);
}

export const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
