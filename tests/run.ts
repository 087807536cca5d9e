// The README's test command: prepares what the tests need once (Chromium, the web build, the seeded
// templates, one shared browser), runs the folders side by side with their files in parallel, prints the wall
// time of the run and of each folder, and ends with 'N passed, N failed'.
//
// `deno task test tests/api/x_test.ts …` runs just those files the same way.
import "./helpers/test_env.ts";
import { openPostgres } from "../services/db.ts";
import { ensureChromium, launchBrowserServer } from "./helpers/browser.ts";
import {
  PG_ADMIN_URL,
  postgresAvailable,
  postgresTemplateName,
  prepareServedData,
  prepareTemplates,
} from "./helpers/db.ts";
import { TEST_CACHE_DIR } from "./helpers/cache_dir.ts";
import { batches, keepDurations, longestFirst, testSeconds, writeSnapshot } from "./helpers/durations.ts";
import { TextLineStream } from "./helpers/lines.ts";
import { restoreWebBuild, saveWebBuild } from "./helpers/web_cache.ts";

const deno = Deno.execPath();
const t0 = performance.now();
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

interface Group {
  name: string;
  files: string[];
  /** Test files run at once inside the group (Deno's --parallel workers). */
  jobs: number;
  /**
   * Run the files as `jobs` batches, each one module importing its files (one worker loads the server's
   * modules, PGlite and the seeded databases once for all of them; see batchModules).
   */
  batched?: boolean;
}

async function run(cmd: string, args: string[], env: Record<string, string> = {}) {
  const p = new Deno.Command(cmd, { args, env, stdout: "inherit", stderr: "inherit" }).spawn();
  return (await p.status).success;
}

async function testFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory && !["helpers", "bench", "output"].includes(e.name)) out.push(...await testFiles(path));
    else if (e.isFile && /_test\.tsx?$/.test(e.name)) out.push(path);
  }
  return out.sort();
}

/** The folders of the suite; files at tests/ itself run with the API tests. */
async function groups(only: string[]): Promise<Group[]> {
  const all = only.length ? only : await testFiles("tests");
  const folder = (f: string) => /^tests\/(unit|reports|browser)\//.exec(f)?.[1] ?? "api";
  const by = (name: string) => longestFirst(all.filter((f) => folder(f) === name));
  return [
    { name: "unit", files: await by("unit"), jobs: 1, batched: true },
    { name: "reports", files: await by("reports"), jobs: 1, batched: true },
    // The API and browser files mostly wait (on a database, a page, a server) when run alone: more of them at
    // once than there are cores keeps both cores busy (325 CPU seconds of browser tests took 700 s at 3). With
    // the four folders side by side the cores are saturated (about 900 CPU seconds in 545 s): more jobs than
    // these only stretch each test.
    { name: "api", files: await by("api"), jobs: 3, batched: true },
    { name: "browser", files: await by("browser"), jobs: 4 },
  ].filter((g) => g.files.length > 0);
}

interface Outcome {
  name: string;
  passed: number;
  failed: number;
  ok: boolean;
  wall: string;
  /** The files with a failed test (from the runner's 'file => test ... FAILED' lines). */
  failedFiles: string[];
  /** The failed tests and the errors' first lines, printed again at the end where a short log still shows them. */
  failures: string[];
  /** Each file's seconds, the sum of its top-level tests. */
  seconds: Record<string, number>;
  /** Why the folder was stopped: no test finished or started for STALL_MS (a hang, not a slow test). */
  stalled?: string;
}

/**
 * A folder whose output has said nothing but 'has been running' for this long is stopped and run again: a
 * CI run waited 13 minutes on the report batch, every thread idle (tests/reports/native_connector.ts says
 * why). The slowest test (the type check) took four to eight minutes on a machine loaded fourfold.
 */
const STALL_MS = 10 * 60_000;

const BATCH_DIR = `${TEST_CACHE_DIR}/batches-${crypto.randomUUID()}`;

/**
 * Each API test file in a worker of its own paid about two seconds of CPU before its first test (the
 * server's modules compiled, PGlite's wasm compiled and its seeded database loaded, a PostgreSQL copy made):
 * over a minute of the suite's scarcest resource for 37 files. Files of a batch share one worker, its modules
 * and its two databases; each test still runs in a transaction rolled back at its end, and starts with an
 * empty extract cache (tests/helpers/api.ts). The unit and report files, one at a time anyway, run as one
 * batch each (the report files' native DuckDB loaded once: 20 to 15 CPU seconds). A batch's results are
 * printed under its module's name, listed here; a failure's location names the test's own file.
 */
async function batchModules(g: Group): Promise<string[]> {
  await Deno.mkdir(BATCH_DIR, { recursive: true });
  const root = new URL("../", import.meta.url);
  const out: string[] = [];
  for (const [i, files] of (await batches(g.files, g.jobs)).entries()) {
    const path = `${BATCH_DIR}/${g.name}_${i + 1}_test.ts`;
    await Deno.writeTextFile(path, files.map((f) => `import "${new URL(f, root).href}";\n`).join(""));
    console.log(`lote ${g.name} ${i + 1}: ${files.join(" ")}`);
    out.push(path);
  }
  return out;
}

async function runGroup(g: Group, env: Record<string, string>): Promise<Outcome> {
  const started = performance.now();
  const modules = g.batched && g.files.length > g.jobs ? await batchModules(g) : g.files;
  // Types are checked once for the whole project (tests/unit/web_types_test.ts), not once per folder.
  const args = [
    "test",
    "-A",
    "--no-check",
    "--permit-no-files",
    ...(g.jobs > 1 ? ["--parallel"] : []),
    ...modules,
  ];
  const child = new Deno.Command(deno, {
    args,
    env: { NO_COLOR: "1", DENO_JOBS: String(g.jobs), TEST_RUN: RUN, ...env },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let summary = "";
  let progressAt = performance.now();
  let stalled: string | undefined;
  const watchdog = setInterval(() => {
    if (performance.now() - progressAt < STALL_MS) return;
    stalled = `sin avance en ${STALL_MS / 60_000} min`;
    console.log(`[${g.name}] detenido: ${stalled}`);
    try {
      child.kill("SIGKILL");
    } catch { /* already gone */ }
  }, 10_000);
  const failedFiles = new Set<string>();
  const failures: string[] = [];
  const fileSeconds: Record<string, number> = {};
  const encoder = new TextEncoder();
  const pump = async (stream: ReadableStream<Uint8Array<ArrayBuffer>>, sink: typeof Deno.stdout) => {
    for await (const raw of stream.pipeThrough(new TextDecoderStream()).pipeThrough(new TextLineStream())) {
      // A batch's lines start with its module's path: its name says which (listed at the start).
      const line = raw.replace(/\S*\/batches-[\w-]+\/(\w+_\d+)_test\.ts\b/, "lote $1");
      if (!/has been running for over/.test(line)) progressAt = performance.now();
      if (/passed.*failed/.test(line)) summary = line;
      const failure = /^\.\/(tests\/\S+_test\.tsx?) => .* \.\.\. FAILED/.exec(line);
      if (failure) failedFiles.add(failure[1]);
      if (/ \.\.\. FAILED/.test(line) || /^error: (?!Test failed)/.test(line)) {
        failures.push(line.slice(0, 300));
      }
      const timed = testSeconds(line);
      if (timed) fileSeconds[timed.file] = (fileSeconds[timed.file] ?? 0) + timed.seconds;
      await sink.write(encoder.encode(`[${g.name}] ${line}\n`));
    }
  };
  await Promise.all([pump(child.stdout, Deno.stdout), pump(child.stderr, Deno.stderr)]);
  const status = await child.status;
  clearInterval(watchdog);
  const passed = Number(/(\d+) passed/.exec(summary)?.[1] ?? 0);
  const failed = Number(/(\d+) failed/.exec(summary)?.[1] ?? (status.success ? 0 : 1));
  return {
    name: g.name,
    passed,
    failed,
    ok: status.success && passed > 0,
    wall: seconds(started),
    failedFiles: [...failedFiles],
    failures,
    seconds: fileSeconds,
    stalled,
  };
}

/** The run's id, in the names of the PostgreSQL databases its tests make. */
const RUN = crypto.randomUUID().slice(0, 8);

/**
 * Drops the PostgreSQL databases this run's tests made, and templates of older fixtures but the two newest
 * before the current one (a run started beside this one, on other fixtures, may still copy from them).
 */
async function dropTestDatabases() {
  if (!(await postgresAvailable())) return;
  const admin = openPostgres(PG_ADMIN_URL);
  const own = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname like $1",
    [`portal\\_test\\_${RUN}\\_%`],
  );
  const old = await admin.query<{ datname: string }>(
    `select datname from pg_database
      where datname like 'portal\\_test\\_tpl\\_%' and datname not like '%\\_building'
        and datname not in ($1, $2)
      order by oid desc offset 2`,
    [await postgresTemplateName(), `${await postgresTemplateName()}_served`],
  );
  for (const r of [...own, ...old]) await admin.exec(`drop database if exists ${r.datname} with (force)`);
  await admin.close();
}

const plan = await groups(Deno.args);
const browserTests = plan.some((g) => g.name === "browser");

// What each folder waits for: browser tests for the seeded templates, the SPA's build (only when stale) and
// the one Chromium they share; API tests for the templates (made once here rather than raced for by parallel
// files). The browser folder is the longest: the others start once its preparation is done, which on a
// machine without caches (a build from scratch, the templates seeded) then has both cores, 61 s of a run
// when the type check and three folders competed with it.
const prepStarted = performance.now();
const templates = prepareTemplates().then(() => console.log(`tiempo: plantillas ${seconds(prepStarted)}`));
const browser = browserTests
  ? (async () => {
    await ensureChromium();
    const key = await restoreWebBuild();
    const built = await run(deno, ["run", "-A", "web/build.ts"]);
    if (!built) throw new Error("Cannot run the browser tests: the web build failed");
    await saveWebBuild(key);
    await templates;
    await prepareServedData();
    const server = await launchBrowserServer();
    console.log(`tiempo: navegador y compilación web ${seconds(prepStarted)}`);
    return server;
  })()
  : Promise.resolve(null);

/** The browser tests' preparation, done or failed (a failure is reported by the browser folder). */
const browserReady = browser.then(() => {}, () => {});
const needs: Record<string, () => Promise<Record<string, string>>> = {
  unit: () => browserReady.then(() => ({})),
  reports: () => browserReady.then(() => ({})),
  api: () => Promise.all([templates, browserReady]).then(() => ({})),
  browser: () => browser.then((b): Record<string, string> => (b ? { TEST_BROWSER_WS: b.wsEndpoint() } : {})),
};
/**
 * A browser file that failed while the four folders saturated both cores runs once more, alone, after every
 * folder is done: a test that fails again fails the run, and every retry is printed ('reintento' lines), so
 * a flaky test stays visible instead of being hidden.
 */
async function withRetry(first: Outcome, env: Record<string, string>): Promise<Outcome> {
  if (first.name !== "browser" || first.ok || first.failedFiles.length === 0) return first;
  const again = await runGroup({ name: "browser-reintento", files: first.failedFiles, jobs: 2 }, env);
  for (const f of first.failedFiles) {
    const still = again.failedFiles.includes(f) || !again.ok;
    console.log(`reintento: ${f} ${still ? "falló otra vez" : "pasó al segundo intento (inestable)"}`);
  }
  return {
    ...first,
    passed: first.passed + again.passed,
    failed: again.failed,
    ok: again.ok,
    wall: `${first.wall} + reintento ${again.wall}`,
    failedFiles: again.failedFiles,
    failures: [...first.failures, ...again.failures.map((f) => `(reintento) ${f}`)],
  };
}

// Each folder starts as soon as what it needs is ready; retries wait for all of them.
const firstRun = await Promise.all(plan.map(async (g) => {
  const env = await needs[g.name]();
  const outcome = await runGroup(g, env);
  if (!outcome.stalled) return { outcome, env };
  console.log(`reintento: ${g.name} se detuvo (${outcome.stalled}); se ejecuta otra vez`);
  const again = await runGroup(g, env);
  return {
    outcome: {
      ...again,
      wall: `${outcome.wall} + reintento ${again.wall}`,
      failures: [`(detenido) ${g.name}: ${outcome.stalled}`, ...again.failures],
    },
    env,
  };
}));
const outcomes: Outcome[] = [];
for (const { outcome, env } of firstRun) outcomes.push(await withRetry(outcome, env));
await (await browser)?.close();
await dropTestDatabases();
await Deno.remove(BATCH_DIR, { recursive: true }).catch(() => {});
// A retry's seconds, alone on the machine, would understate a file: the first run's are kept.
const measured: Record<string, number> = Object.assign({}, ...firstRun.map((r) => r.outcome.seconds));
await keepDurations(measured);
// The committed order refreshed from this run, when asked (README, 'tests/durations.json').
if (Deno.env.get("TEST_DURATIONS") === "commit") await writeSnapshot(measured, await testFiles("tests"));

// The failures again, after every folder's output: a log cut to its end still says what failed and why.
for (const o of outcomes) {
  const shown = o.failures.slice(0, 30);
  for (const f of shown) console.log(`fallo: [${o.name}] ${f}`);
  if (o.failures.length > shown.length) {
    console.log(`fallo: [${o.name}] … ${o.failures.length - shown.length} más`);
  }
}
for (const o of outcomes) {
  console.log(`tiempo: ${o.name} ${o.wall} (${o.passed} passed, ${o.failed} failed)`);
}
console.log(`tiempo: total ${seconds(t0)}`);
const passed = outcomes.reduce((n, o) => n + o.passed, 0);
const failed = outcomes.reduce((n, o) => n + o.failed, 0);
console.log(`\n${passed} passed, ${failed} failed`);
Deno.exit(outcomes.every((o) => o.ok) && passed > 0 ? 0 : 1);
