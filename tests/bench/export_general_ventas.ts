// `deno task bench`: the Excel export of Reporte General de Ventas at speed (issue 38, item 10). On the full
// demo data in headless Chromium: the month to date (~19,000 closings; target ≤ 3 s for 20,000 rows) and a
// range of about 200,000 closings (target ≤ 15 s), each exported twice from a page already showing the
// report. Timed from the click to the browser's download; meanwhile the page's longest frame gap says
// whether it stayed usable, and the button's 'Exportando…' text whether progress was shown. Not a test.

import type { Page } from "playwright-core";
import { launchBrowser } from "../helpers/browser.ts";
import { freePort } from "../helpers/server.ts";
import { freshContext } from "./analytics_page.ts";
import { apiSignIn, ROOT, runDeno, startBenchServer } from "./analytics_server.ts";

const DATA_DIR = Deno.env.get("BENCH_DATA_DIR") ?? `${ROOT}data/bench`;
const RUNS = Number(Deno.env.get("BENCH_EXPORT_RUNS") ?? 2);
const TITLE = "Reporte General de Ventas";
const loadavg = async () =>
  (await Deno.readTextFile("/proc/loadavg").catch(() => "?")).split(" ").slice(0, 3).join(" ");

/**
 * Records the longest gap between animation frames from now on (window.__gap), a measure of a stuck page. A
 * function, not a string: the portal's CSP refuses 'unsafe-eval', which a string predicate needs.
 */
type Watched = typeof globalThis & { __gap: number; __watch: boolean };
const watchFrames = () => {
  const w = globalThis as Watched;
  w.__gap = 0;
  let last = performance.now();
  const tick = (t: number) => {
    w.__gap = Math.max(w.__gap, t - last);
    last = t;
    if (w.__watch) requestAnimationFrame(tick);
  };
  w.__watch = true;
  requestAnimationFrame(tick);
};
const stopWatching = () => {
  const w = globalThis as Watched;
  w.__watch = false;
  return w.__gap;
};

interface Run {
  rows: number;
  seconds: number;
  maxFrameGapMs: number;
  progressSeen: boolean;
  bytes: number;
}

async function exportOnce(page: Page, search: string): Promise<Run> {
  await page.goto(`/Reportes/GeneralVentas${search}`);
  const button = page.getByRole("button", { name: `Descargar ${TITLE}` });
  await button.waitFor();
  await page.waitForFunction(
    (title) =>
      !!document.querySelector(`section[aria-label='${title}'] tbody tr`) &&
      !document.querySelector<HTMLButtonElement>(`button[aria-label='Descargar ${title}']`)?.disabled,
    TITLE,
    { timeout: 600_000 },
  );
  // The count as the report's headline says it: 'N cierres'.
  const kpi = await page.getByText(/\d[\d,.]* cierres/).first().textContent().catch(() => "");
  const rows = Number(/([\d,.]+) cierres/.exec(kpi ?? "")?.[1].replace(/[,.]/g, "") ?? NaN);
  await page.evaluate(watchFrames);
  const started = performance.now();
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 600_000 }),
    button.click(),
  ]);
  const progressSeen = await page.getByText(/Exportando/).count() > 0;
  const path = await download.path();
  const seconds = (performance.now() - started) / 1000;
  const maxFrameGapMs = await page.evaluate(stopWatching);
  const bytes = (await Deno.stat(path)).size;
  return { rows, seconds, maxFrameGapMs, progressSeen, bytes };
}

console.log(
  `export benchmark: data ${DATA_DIR}, ${navigator.hardwareConcurrency} cores, load ${await loadavg()}`,
);
await runDeno(["run", "-A", "fixtures/seed_cli.ts"], { DATA_DIR, DATABASE_URL: "" });
if (Deno.env.get("BENCH_SKIP_BUILD") !== "1") await runDeno(["run", "-A", "web/build.ts"], {});
const server = await startBenchServer(DATA_DIR, freePort());
const browser = await launchBrowser({ asUser: true });
try {
  const sid = await apiSignIn(server.url, "admin@demo.pe");
  const cat = await (await fetch(`${server.url}/api/extracts/catalog`, { headers: { cookie: `sid=${sid}` } }))
    .json();
  const today: string = cat.data.today;
  // About 200,000 closings: the first 7½ months of the last whole year (~900 contracts a day).
  const year = Number(today.slice(0, 4)) - 1;
  const cases = [
    { name: "mes en curso (objetivo ≤ 3 s por 20.000 filas)", search: "" },
    { name: "~200.000 cierres (objetivo ≤ 15 s)", search: `?desde=${year}-01-01&hasta=${year}-08-15` },
  ];
  const context = await freshContext(browser, server.url, sid);
  const page = await context.newPage();
  for (const c of cases) {
    for (let i = 1; i <= RUNS; i++) {
      const r = await exportOnce(page, c.search);
      console.log(
        `${c.name}, run ${i}: ${r.rows.toLocaleString("en-US")} rows, ${
          r.seconds.toFixed(2)
        } s to the download, ` +
          `${(r.bytes / 1024 / 1024).toFixed(1)} MB, longest frame gap ${r.maxFrameGapMs.toFixed(0)} ms, ` +
          `progress ${r.progressSeen ? "shown" : "not seen"} (load ${await loadavg()})`,
      );
    }
  }
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
