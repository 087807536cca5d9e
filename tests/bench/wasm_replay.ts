// Replays a fixed_cost_probe.ts dump (PROBE_DUMP) in DuckDB-WASM in Chromium (the app's 'eh' bundle), then
// times each statement's variants there, interleaved: the probe's native A/B in the engine the app runs. Not
// part of the tests:
//   REPLAY_DUMP=data/probe/dump deno run -A tests/bench/wasm_replay.ts
// REPLAY_RUNS timed runs of each variant after REPLAY_WARM untimed ones (V8 optimizes DuckDB's code over
// the first runs: duckdb.ts), REPLAY_VARIANTS=engine,phys,… some only; REPLAY_CURVE=1 prints the untimed
// runs by tens; REPLAY_COLD=1 runs each variant of the last statement alone in a new context (DuckDB compiled
// afresh), REPLAY_ROUNDS times: its first REPLAY_RUNS runs, as a page's first filter changes find DuckDB.

import { type Browser, chromium, type Page } from "playwright-core";
import { CHROMIUM } from "../helpers/browser.ts";
import { ROOT } from "./analytics_server.ts";
import type { h } from "./wasm_replay_page.ts";

const DUMP = Deno.env.get("REPLAY_DUMP") ?? `${ROOT}data/probe/dump`;
const RUNS = Number(Deno.env.get("REPLAY_RUNS") ?? 40);
const WARM = Number(Deno.env.get("REPLAY_WARM") ?? 30);
const GAP = Number(Deno.env.get("REPLAY_GAP") ?? 0);
const ONLY = new Set((Deno.env.get("REPLAY_VARIANTS") ?? "").split(",").filter(Boolean));
const DIST = `${ROOT}node_modules/@duckdb/duckdb-wasm/dist/`;

type Variants = Record<string, { setup: string; sql: string }>;
type Step =
  | { op: "exec"; sql: string }
  | { op: "load"; table: string; file: string }
  | { op: "variants"; name: string; variants: Variants };

// The page's module, bundled for the browser.
const bundle = await Deno.makeTempFile({ suffix: ".js" });
const built = await new Deno.Command(Deno.execPath(), {
  args: ["bundle", "--platform", "browser", "-q", "-o", bundle, `${ROOT}tests/bench/wasm_replay_page.ts`],
  cwd: ROOT,
}).output();
if (!built.success) {
  throw new Error(`Cannot bundle the replay's page: ${new TextDecoder().decode(built.stderr)}`);
}

const TYPES: Record<string, string> = { js: "text/javascript", wasm: "application/wasm" };
const server = Deno.serve({ port: 0, onListen: () => {} }, async (req) => {
  const path = new URL(req.url).pathname;
  const file = path.startsWith("/dist/")
    ? DIST + path.slice(6)
    : path === "/page.js"
    ? bundle
    : path.startsWith("/dump/")
    ? `${DUMP}/${path.slice(6)}`
    : null;
  if (!file) {
    return new Response(`<!doctype html><script type="module" src="/page.js"></script>`, {
      headers: { "content-type": "text/html" },
    });
  }
  try {
    const type = TYPES[file.slice(file.lastIndexOf(".") + 1)] ?? "application/octet-stream";
    return new Response(await Deno.readFile(file), { headers: { "content-type": type } });
  } catch {
    return new Response("not found", { status: 404 });
  }
});
const base = `http://127.0.0.1:${server.addr.port}`;

type H = typeof h;
/** Calls the page's `h.<method>(...args)`. */
const call = <M extends keyof H>(page: Page, method: M, ...args: Parameters<H[M]>) =>
  page.evaluate(
    ([m, a]) => (globalThis as unknown as { h: Record<string, (...x: unknown[]) => unknown> }).h[m](...a),
    [method, args] as const,
  ) as Promise<Awaited<ReturnType<H[M]>>>;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const tens = (xs: number[]) => {
  const out = [];
  for (let i = 0; i < xs.length; i += 10) out.push(median(xs.slice(i, i + 10)).toFixed(1));
  return out.join(" ");
};

const log = JSON.parse(await Deno.readTextFile(`${DUMP}/log.json`)) as Step[];
const steps = log.filter((s): s is Extract<Step, { op: "variants" }> => s.op === "variants");
const chosen = (v: Variants) =>
  Object.fromEntries(Object.entries(v).filter(([k]) => ONLY.size === 0 || ONLY.has(k)));

/** A page of a new context with DuckDB started and the dump's tables and views made (its statements not run). */
async function open(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  page.on("pageerror", (e) => console.log("[page error]", e));
  await page.goto(base);
  await page.waitForFunction("!!globalThis.h");
  await call(page, "start", `${base}/dist/duckdb-browser-eh.worker.js`, `${base}/dist/duckdb-eh.wasm`);
  for (const step of log) {
    // The probe's own profiling (a native file) is not the engine's.
    if (step.op === "exec" && !/pragma|threads/i.test(step.sql)) await call(page, "exec", step.sql);
    else if (step.op === "load") await call(page, "load", step.table, `${base}/dump/${step.file}`);
  }
  return page;
}

const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
try {
  if (Deno.env.get("REPLAY_COLD") === "1") {
    const last = steps.at(-1)!;
    const out: Record<string, number[][]> = {};
    for (let r = 0; r < Number(Deno.env.get("REPLAY_ROUNDS") ?? 2); r++) {
      for (const [name, v] of Object.entries(chosen(last.variants))) {
        const page = await open(browser);
        (out[name] ??= []).push((await call(page, "time", { [name]: v }, RUNS, GAP))[name]);
        await page.context().close();
      }
    }
    for (const [name, runs] of Object.entries(out)) {
      console.log(
        `${last.name} ${name} cold, ${RUNS} runs: medians by ten ${runs.map(tens).join(" | ")}; all ${
          runs.map((xs) => median(xs).toFixed(1)).join(", ")
        } ms`,
      );
    }
  } else {
    const page = await open(browser);
    console.log(await call(page, "query", "select version() as v"));
    for (const step of steps) {
      const variants = chosen(step.variants);
      // The same rows in DuckDB-WASM too (sums and noorder excepted: their rows are the JavaScript's to finish).
      const rows: Record<string, string> = {};
      for (const [k, v] of Object.entries(variants)) {
        if (/select1|sums|noorder/.test(k)) continue;
        await call(page, "exec", v.setup);
        rows[k] = await call(page, "query", v.sql);
      }
      for (const [k, r] of Object.entries(rows)) {
        if (r !== Object.values(rows)[0]) console.log(`  ${step.name} ${k}: DIFFERENT ROWS`);
      }
      const warm = await call(page, "time", variants, WARM, 0);
      if (Deno.env.get("REPLAY_CURVE") === "1") {
        for (const [k, xs] of Object.entries(warm)) {
          console.log(`${step.name} ${k}, first runs by ten: ${tens(xs)}`);
        }
      }
      const t = await call(page, "time", variants, RUNS, GAP);
      console.log(
        `${step.name} (wasm, ${RUNS} runs): ${
          Object.entries(t).map(([k, xs]) =>
            `${k} ${median(xs).toFixed(2)} (min ${Math.min(...xs).toFixed(2)})`
          )
            .join(", ")
        } ms`,
      );
      await call(page, "exec", "set search_path = 'main'; set disabled_optimizers = ''");
    }
  }
} finally {
  await browser.close();
  await server.shutdown();
  await Deno.remove(bundle);
}
