// `deno task bench` (after the Deno benches): the analytics benchmark on the full demo data in headless
// Chromium. Seeds data/bench once (reused), starts the real server on it and prints: extract rows and
// compressed bytes per partition; loads of each screen right after a server restart, with an empty browser
// and on a revisit; 30 filter changes per screen; and Ventas Mensual computed the older way (one PostgreSQL
// query per request, JSON) side by side. Not part of the tests. BENCH_PG_URL (optional) adds the older way
// on a real PostgreSQL holding the same data (seed it with DATABASE_URL=... deno task seed).

import { tableFromIPC } from "apache-arrow";
import { openPglite, openPostgres, type Queryable } from "../../services/db.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { freePort } from "../helpers/server.ts";
import { serveLegacy } from "./analytics_legacy.ts";
import { loadLevels } from "./analytics_load.ts";
import {
  type Change,
  filterChange,
  freshContext,
  type Load,
  measureLoad,
  pct,
  SCREENS,
  serverCost,
  timedChange,
  timedFetch,
} from "./analytics_page.ts";
import { firstChanges, ownChanges, unforeseen } from "./analytics_fresh.ts";
import { laterVisits, type Visit } from "./analytics_returning.ts";
import { checkChanges } from "./analytics_screens.ts";
import { apiSignIn, ROOT, runDeno, startBenchServer } from "./analytics_server.ts";

const DATA_DIR = Deno.env.get("BENCH_DATA_DIR") ?? `${ROOT}data/bench`;
const PG_URL = Deno.env.get("BENCH_PG_URL");
/** Seconds per concurrency level of the older way under load (the issue asks 30; 10 keeps the run short). */
const LOAD_SECONDS = Number(Deno.env.get("BENCH_LOAD_SECONDS") ?? 10);
const ms = (x: number) => `${x.toFixed(x < 100 ? 1 : 0)} ms`;
const kb = (x: number) => `${(x / 1024).toFixed(1)} KB`;
const row = (cells: (string | number)[], widths: number[]) =>
  cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("");
/**
 * BENCH_SKIP (optional, comma-separated) leaves sections out when the machine's time is short: 'restart' (the
 * loads right after a server restart), 'extracts' (the partition listing), 'later' (the filter changes of the
 * screens after the first three), 'visits' (a screen's changes on later visits), 'pglite' (the older way on
 * the embedded PGlite), 'unforeseen' (the changes with compute-ahead off), 'first' (a fresh page's first three
 * changes). Printed at the start.
 */
const SKIP = new Set((Deno.env.get("BENCH_SKIP") ?? "").split(",").filter(Boolean));
/**
 * BENCH_SCREENS (optional, comma-separated screen names): only those screens' filter changes, nothing else
 * (no loads, extracts, never-opened years or older way): the quick loop while working on a screen.
 */
const FOCUS = new Set((Deno.env.get("BENCH_SCREENS") ?? "").split(",").filter(Boolean));
const wanted = (name: string) => FOCUS.size === 0 || FOCUS.has(name);
/**
 * BENCH_LOAD_SCREENS (optional, comma-separated screen names): the loads table for those screens only, also
 * beside BENCH_SCREENS (the explorer's first pivot with its two lines, without the other 21 screens' loads).
 */
const LOAD_ONLY = new Set((Deno.env.get("BENCH_LOAD_SCREENS") ?? "").split(",").filter(Boolean));
const started = performance.now();
/** Minutes into the run and the load average, printed before each section's table. */
const stamp = async () =>
  `[${((performance.now() - started) / 60_000).toFixed(1)} min, load ${(await loadavg()).join(" ")}]`;
const loadavg = async () =>
  (await Deno.readTextFile("/proc/loadavg").catch(() => "?")).split(" ").slice(0, 3);

console.log(
  `analytics benchmark: data ${DATA_DIR}, ${navigator.hardwareConcurrency} cores, load ${await loadavg()}` +
    (SKIP.size ? `; sections left out: ${[...SKIP].join(", ")}` : "") +
    (FOCUS.size ? `; only the filter changes of ${[...FOCUS].join(", ")}` : ""),
);
await runDeno(["run", "-A", "fixtures/seed_cli.ts"], { DATA_DIR, DATABASE_URL: "" });
// BENCH_SKIP_BUILD=1: web/dist was built from the current sources just before (saves half a minute a run).
if (Deno.env.get("BENCH_SKIP_BUILD") !== "1") await runDeno(["run", "-A", "web/build.ts"], {});
const port = freePort();
let server = await startBenchServer(DATA_DIR, port);
const url = server.url;
const browser = await launchBrowser({ asUser: true });
console.log(
  `chromium ${browser.version()}, deno ${Deno.version.deno}; server up in ${
    server.startSeconds.toFixed(1)
  } s`,
);
try {
  const sid = await apiSignIn(url, "admin@demo.pe");
  const cookie = `sid=${sid}`;
  const cat = await (await fetch(`${url}/api/extracts/catalog`, { headers: { cookie } })).json();
  const today: string = cat.data.today;

  // ---- loads: right after a server restart (its memory empty), then an empty browser, then a revisit ----
  const loads: { name: string; restart: Load | null; cold: Load; warm: Load }[] = [];
  for (const s of SCREENS.filter((x) => LOAD_ONLY.size ? LOAD_ONLY.has(x.name) : !FOCUS.size)) {
    let restart: Load | null = null;
    if (!SKIP.has("restart")) {
      await server.stop();
      server = await startBenchServer(DATA_DIR, port);
      const c1 = await freshContext(browser, url, sid);
      restart = (await measureLoad(c1, s)).load;
      await c1.close();
    }
    const c2 = await freshContext(browser, url, sid);
    const first = await measureLoad(c2, s);
    await first.page.close();
    const warm = (await measureLoad(c2, s)).load; // same profile: HTTP cache and IndexedDB kept
    await c2.close();
    loads.push({ name: s.name, restart, cold: first.load, warm });
  }
  const lw = [16, 15, 15, 12, 12, 10, 12];
  console.log(
    `\nLoads: navigation to the first report rendered (browser storage empty unless 'revisit') ${await stamp()}`,
  );
  console.log(
    row(["screen", "after restart", "empty browser", "extracts", "page total", "revisit", "extracts"], lw),
  );
  for (const l of loads) {
    console.log(row([
      l.name,
      l.restart ? ms(l.restart.ms) : "—",
      ms(l.cold.ms),
      `${kb(l.cold.extractBytes)}`,
      `${(l.cold.totalBytes / 1048576).toFixed(1)} MB`,
      ms(l.warm.ms),
      `${kb(l.warm.extractBytes)} (${l.warm.extractRequests})`,
    ], lw));
  }

  // ---- extracts: rows and bytes per partition, as the browser receives them (brotli) ----
  const y = Number(today.slice(0, 4));
  if (!SKIP.has("extracts") && !FOCUS.size) {
    const pw = [26, 10, 11, 8, 10];
    console.log(`\nExtract partitions (today ${today}; brotli bytes on the wire) ${await stamp()}`);
    console.log(row(["partition", "rows", "bytes", "B/row", "fetch"], pw));
    const sizes = new Map<string, number>();
    let totRows = 0, totBytes = 0;
    for (const e of cat.data.table as { partition: string }[]) {
      const t0 = performance.now();
      const res = await fetch(`${url}/api/extracts/${e.partition}`, {
        headers: { cookie, "accept-encoding": "br" },
      });
      const body = new Uint8Array(await res.arrayBuffer()); // fetch decodes the brotli body itself
      const took = performance.now() - t0;
      const wire = Number(res.headers.get("content-length") ?? body.byteLength);
      const rows = tableFromIPC(body).numRows;
      sizes.set(e.partition, wire);
      totRows += rows;
      totBytes += wire;
      console.log(row([e.partition, rows, wire, (wire / Math.max(1, rows)).toFixed(2), ms(took)], pw));
    }
    console.log(row(["total", totRows, totBytes, (totBytes / totRows).toFixed(2), ""], pw));
    const oneMall = [`sales_daily.3.${y}`, `sales_daily.3.${y - 1}`, "contracts", "categories", "inflation"]
      .concat(["malls", "settings"]).reduce((n, p) => n + (sizes.get(p) ?? 0), 0);
    console.log(`one mall (3), two years (${y - 1}, ${y}) with its dimensions: ${kb(oneMall)}`);
  }

  // ---- 30 filter changes per screen, data loaded ----
  const ctx = await freshContext(browser, url, sid);
  const years = Array.from({ length: 6 }, (_, i) => y - i);
  const results: [string, Change[]][] = [];
  const warmUp = async (page: Parameters<typeof filterChange>[0], searches: string[], probe: string) => {
    for (const q of searches) await filterChange(page, q, probe).catch(() => 0);
  };
  let page: Awaited<ReturnType<typeof measureLoad>>["page"];
  if (wanted("Dashboard")) {
    page = (await measureLoad(ctx, SCREENS[0])).page;
    const own = ownChanges("Dashboard", today)!;
    await warmUp(page, own.warm, SCREENS[0].probe);
    const dash: Change[] = [];
    for (const q of own.timed) dash.push(await timedChange(page, q, SCREENS[0].probe));
    results.push(["Dashboard", dash]);
    await page.close();
  }

  // 'Venta Mensual m2' shows the figures of 'Venta Mensual' (the same report): only the two periods' modes.
  const vmOwn = ownChanges("Ventas Mensual", today)!;
  const vmCombos = vmOwn.timed;
  // The browser way's server cost per change once the screen is loaded (zero expected).
  let vmCost = { result: [] as Change[], requests: 0, bytes: 0 };
  if (wanted("Ventas Mensual")) {
    const vmPage = (await measureLoad(ctx, SCREENS[1])).page;
    await warmUp(vmPage, vmOwn.warm, SCREENS[1].probe);
    vmCost = await serverCost(vmPage, async () => {
      const xs: Change[] = [];
      for (const c of vmCombos) xs.push(await timedChange(vmPage, c, SCREENS[1].probe));
      return xs;
    });
    results.push(["Ventas Mensual", vmCost.result]);
    await vmPage.close();
  }
  const vm = vmCost.result.map((c) => c.ms);

  const vgOwn = ownChanges("Venta General", today)!;
  const months = vgOwn.timed;
  const vg: Change[] = [];
  if (wanted("Venta General")) {
    page = (await measureLoad(ctx, SCREENS[2])).page;
    await warmUp(page, vgOwn.warm, SCREENS[2].probe);
    for (const m of months) vg.push(await timedChange(page, m, SCREENS[2].probe));
    results.push(["Venta General", vg]);
    await page.close();
  }

  // Screens that list their own filter changes: 30 each, after one pass through them to load the data.
  for (const s of SCREENS.filter((x) => x.changes && !SKIP.has("later") && wanted(x.name))) {
    page = (await measureLoad(ctx, s)).page;
    const changes = s.changes!(today);
    checkChanges(s, changes);
    await warmUp(page, changes.warm, s.probe);
    const xs: Change[] = [];
    for (const search of changes.timed) xs.push(await timedChange(page, search, s.probe));
    results.push([s.name, xs]);
    await page.close();
  }

  const fw = [29, 9, 9, 9, 16, 9, 9, 7, 16];
  const ranTimes = (cs: Change[]) => {
    const ran = cs.filter((c) => c.query > 0).map((c) => c.ms);
    return ran.length ? `${pct(ran, 0.5).toFixed(0)} / ${pct(ran, 0.95).toFixed(0)} ms` : "-";
  };
  console.log(
    "\nFilter change to rendered table (30 changes each, filters never used before in the page, data loaded):" +
      " to the DOM holding the figures (MutationObserver), then to the next frame; queries and render are" +
      ` medians of the changes' 'query'/'render' measures; 'ran': changes that ran a report query (the others` +
      ` found their figures computed ahead while the page was idle), 'ran med / p95' those changes' times` +
      ` ${await stamp()}`,
  );
  console.log(
    row(
      ["screen", "median", "p95", "max", "frame med / p95", "queries", "render", "ran", "ran med / p95"],
      fw,
    ),
  );
  for (const [n, cs] of results) {
    const xs = cs.map((c) => c.ms), fs = cs.map((c) => c.frame);
    console.log(row([
      n,
      ms(pct(xs, 0.5)),
      ms(pct(xs, 0.95)),
      ms(Math.max(...xs)),
      `${pct(fs, 0.5).toFixed(0)} / ${pct(fs, 0.95).toFixed(0)} ms`,
      ms(pct(cs.map((c) => c.query), 0.5)),
      ms(pct(cs.map((c) => c.render), 0.5)),
      `${cs.filter((c) => c.query > 0).length}/${cs.length}`,
      ranTimes(cs),
    ], fw));
  }
  // Per screen, each statement's median (where a screen's query time goes) and its slowest changes with the
  // partitions loaded meanwhile (a change that waited for a download is not the engine's speed).
  console.log(`\nStatements per screen (median ms, count) and the four slowest changes ${await stamp()}`);
  for (const [n, cs] of results) {
    const by = new Map<string, number[]>();
    for (const [name, t] of cs.flatMap((c) => c.statements)) by.set(name, [...(by.get(name) ?? []), t]);
    console.log(
      `${n}: ${[...by].map(([name, ts]) => `${name} ${ms(pct(ts, 0.5))} (${ts.length})`).join(", ")}`,
    );
    // A focused run shows every change in order: whether the first ones are slower (DuckDB's code not yet
    // optimized by V8) or the slow ones are spread.
    if (FOCUS.size) {
      console.log(
        `  in order (ms, * ran): ${cs.map((c) => c.ms.toFixed(0) + (c.query ? "*" : "")).join(" ")}`,
      );
    }
    for (const c of [...cs].sort((a, b) => b.ms - a.ms).slice(0, 4)) {
      console.log(
        `  ${ms(c.ms)} ${c.search}: ${c.statements.map(([s, t]) => `${s} ${ms(t)}`).join(", ")}` +
          (c.loads.length ? `; loaded ${c.loads.join(", ")}` : ""),
      );
    }
  }
  // ---- a person jumping anywhere: changes nothing computed ahead, and a fresh page's first three ----
  const jumpScreens = SCREENS.filter((x) => wanted(x.name));
  if (!SKIP.has("unforeseen")) {
    console.log(
      `\nFilter changes not computed ahead (compute-ahead off in the page; the same 30 changes after the same` +
        ` warm-up pass): to the DOM holding the figures; 'queries' the median of the changes' statements` +
        ` ${await stamp()}`,
    );
    const uw = [29, 9, 9, 9, 9, 9];
    console.log(row(["screen", "median", "p95", "max", "queries", "ran"], uw));
    for (const s of jumpScreens) {
      const cs = await unforeseen(browser, url, sid, s, today);
      if (!cs) continue;
      const xs = cs.map((c) => c.ms);
      console.log(row([
        s.name,
        ms(pct(xs, 0.5)),
        ms(pct(xs, 0.95)),
        ms(Math.max(...xs)),
        ms(pct(cs.map((c) => c.query), 0.5)),
        `${cs.filter((c) => c.query > 0).length}/${cs.length}`,
      ], uw));
    }
  }
  if (!SKIP.has("first")) {
    console.log(
      `\nThe first three changes of a fresh page (empty browser, the screen opened and its idle work done):` +
        ` ms to the figures (queries ms; partitions loaded meanwhile) ${await stamp()}`,
    );
    for (const s of jumpScreens) {
      const cs = await firstChanges(browser, url, sid, s, today).catch((e) => {
        console.log(`${s.name.padEnd(29)}failed: ${String(e).split("\n")[0]}`);
        return null;
      });
      if (!cs) continue;
      console.log(
        `${s.name.padEnd(29)}${
          cs.map((c) => `${ms(c.ms)} (${ms(c.query)}${c.loads.length ? `; ${c.loads.join(", ")}` : ""})`)
            .join(", ")
        }`,
      );
    }
  }

  // ---- a later visit: DuckDB's optimized code from the browser's cache ----
  const visited = SCREENS.find((x) => x.name === "Ranking de Ventas por Mall")!;
  if (!SKIP.has("visits") && wanted(visited.name)) {
    const { first, kept } = await laterVisits(browser, url, sid, visited, today);
    const show = (v: Visit[]) => v.map((x) => `${ms(x.ms)} (queries ${ms(x.query)})`).join(", ");
    console.log(
      `\n${visited.name}, first 10 changes after the warm-up pass, median, three visits ${await stamp()}` +
        `\n  new browser each time (nothing cached): ${show(first)}` +
        `\n  one kept profile (visits 2 and 3 may start with DuckDB's code cached): ${show(kept)}`,
    );
  }
  if (FOCUS.size) await ctx.close();
  else {
    console.log(
      `browser way, server cost of ${vmCombos.length} Ventas Mensual changes after the first load: ${vmCost.requests} requests, ${
        kb(vmCost.bytes)
      } (${
        (vmCost.requests / vmCombos.length).toFixed(2)
      } requests per change; idle prefetch and catalogue included)`,
    );

    // ---- a comparison year never opened in this browser, clicked as a person would (reading 2 s between) ----
    // Month to date reads the comparison year's days (a partial month: its daily partitions); 'Mes Cerrado'
    // reads whole months only (the year's monthly partition, all malls).
    for (const tipo of ["ventaMensual", "ventaMensualCerrado"]) {
      const fresh = await freshContext(browser, url, sid);
      page = (await measureLoad(fresh, SCREENS[1])).page;
      if (tipo !== "ventaMensual") await filterChange(page, `tipo=${tipo}`, SCREENS[1].probe);
      const never: number[] = [];
      for (const a of years.slice(2)) {
        await page.waitForTimeout(2_000);
        never.push(await filterChange(page, `tipo=${tipo}&anioComparativo=${a}`, SCREENS[1].probe));
      }
      console.log(
        `\nVentas Mensual (${tipo}), comparison years never opened (${years.slice(2).join(", ")}): ${
          never.map(ms).join(", ")
        }; p95 ${ms(pct(never, 0.95))} ${await stamp()}`,
      );
      await fresh.close();
    }

    // ---- the older way: one query per request answering JSON, timed from the same page ----
    await server.stop();
    const ways: [string, number[]][] = [["in the browser (local twins)", vm]];
    const legacyRun = async (name: string, db: Queryable & { close(): Promise<void> }) => {
      const legacy = serveLegacy(db, today, freePort());
      const blank = await ctx.newPage();
      await blank.goto(`${legacy.url}/blank`);
      const xs: number[] = [];
      for (const c of vmCombos) xs.push(await timedFetch(blank, [`/?table=mall&${c}`, `/?table=cat&${c}`]));
      await blank.close();
      await legacy.stop();
      await db.close();
      ways.push([name, xs]);
    };
    if (!SKIP.has("pglite")) await legacyRun("older way, PGlite (embedded)", await openPglite(DATA_DIR));
    if (PG_URL) await legacyRun("older way, PostgreSQL", openPostgres(PG_URL));

    // ---- the older way under load: 1, 5 and 20 users against a legacy server process on PostgreSQL ----
    if (PG_URL) {
      const vgChanges = months.map((m) => [`/?table=vg&${m}`]);
      const vmChanges = vmCombos.map((c) => [`/?table=mall&${c}`, `/?table=cat&${c}`]);
      const changes = vmChanges.flatMap((c, i) => [c, vgChanges[i % vgChanges.length]]);
      const browserMedian = pct([...vm, ...vg.map((c) => c.ms)], 0.5);
      const levels = await loadLevels({
        pgUrl: PG_URL,
        today,
        changes,
        users: [1, 5, 20],
        seconds: LOAD_SECONDS,
      });
      const lw2 = [8, 10, 10, 10, 16, 16, 22];
      console.log(
        `\nOlder way under load (Ventas Mensual and Venta General changes in turn, ${LOAD_SECONDS} s per level; ` +
          `browser median ${ms(browserMedian)} whatever the users; its server requests per change above) ` +
          await stamp(),
      );
      console.log(
        row(
          ["users", "changes", "median", "p95", "server CPU/chg", "PostgreSQL CPU/chg", "older ÷ browser"],
          lw2,
        ),
      );
      for (const l of levels) {
        console.log(row([
          l.users,
          l.changes,
          ms(l.median),
          ms(l.p95),
          `${(l.serverCpu * 1000).toFixed(1)} ms`,
          `${(l.dbCpu * 1000).toFixed(1)} ms`,
          `${(l.median / browserMedian).toFixed(1)}x`,
        ], lw2));
      }
    }
    const ww = [34, 10, 10, 18];
    console.log("\nVentas Mensual per mall, the same 30 filter combinations");
    console.log(row(["way", "median", "p95", "ratio to browser"], ww));
    for (const [n, xs] of ways) {
      const ratio = `${(pct(xs, 0.5) / pct(vm, 0.5)).toFixed(1)}x / ${
        (pct(xs, 0.95) / pct(vm, 0.95)).toFixed(1)
      }x`;
      console.log(row([n, ms(pct(xs, 0.5)), ms(pct(xs, 0.95)), ratio], ww));
    }
    await ctx.close();
  }
  const extractLog = server.log.filter((l) => /extract/i.test(l));
  if (extractLog.length) console.log(`\nserver: ${extractLog.join("\n        ")}`);
  console.log(`\nend of the run ${await stamp()}`);
} finally {
  await browser.close().catch(() => {});
  await server.stop().catch(() => {});
}
