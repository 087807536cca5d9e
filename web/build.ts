// Builds the SPA (web/ → web/dist) with Vite when the build is missing or older than its sources.
// main.ts calls ensureWebBuilt() at start; `deno task build` runs it directly (add --force to rebuild).

const WEB_DIR = new URL("./", import.meta.url);
const DIST_DIR = new URL("./dist/", WEB_DIR);
const STAMP = new URL("./dist/index.html", WEB_DIR);
const LOCK = new URL("./.build.lock", WEB_DIR);
const DENO_JSON = new URL("../deno.json", WEB_DIR);
const CONTRACT_DIR = new URL("../contract/", WEB_DIR);
// Not sources: the output, the lock, and the route tree the router plugin rewrites on every build.
const SKIP = new Set(["dist", ".build.lock", "routeTree.gen.ts"]);
const LOCK_STALE_MS = 10 * 60_000;

async function mtime(url: URL): Promise<number | null> {
  try {
    return (await Deno.stat(url)).mtime?.getTime() ?? null;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return null;
    throw e;
  }
}

/** The newest modification time under a directory (sources of the web app), skipping the output. */
async function newestUnder(dir: URL): Promise<number> {
  let newest = 0;
  for await (const e of Deno.readDir(dir)) {
    if (SKIP.has(e.name)) continue;
    const url = new URL(e.isDirectory ? `${e.name}/` : e.name, dir);
    const t = e.isDirectory ? await newestUnder(url) : (await mtime(url)) ?? 0;
    if (t > newest) newest = t;
  }
  return newest;
}

/** True when web/dist is missing or older than any file under web/, contract/ (which the SPA imports) or deno.json. */
export async function webBuildIsStale(): Promise<boolean> {
  const built = await mtime(STAMP);
  if (built == null) return true;
  const sources = Math.max(
    await newestUnder(WEB_DIR),
    await newestUnder(CONTRACT_DIR),
    (await mtime(DENO_JSON)) ?? 0,
  );
  return sources > built;
}

/** Whether the process that wrote the lock still runs (a killed build must not block the next start). */
function alive(pid: number): boolean {
  if (Deno.build.os === "windows") return true;
  try {
    Deno.kill(pid, "SIGCONT");
    return true;
  } catch (e) {
    return !(e instanceof Deno.errors.NotFound);
  }
}

async function lockIsStale(): Promise<boolean> {
  const t = await mtime(LOCK);
  if (t == null) return false;
  const age = Date.now() - t;
  const pid = Number(await Deno.readTextFile(LOCK).catch(() => ""));
  if (pid > 0) return !alive(pid) || age > LOCK_STALE_MS;
  // A lock without a pid is a moment old (being written) or left by an older build.
  return age > 30_000;
}

async function takeLock(): Promise<Deno.FsFile | null> {
  try {
    const f = await Deno.open(LOCK, { createNew: true, write: true });
    await f.write(new TextEncoder().encode(String(Deno.pid)));
    return f;
  } catch (e) {
    if (!(e instanceof Deno.errors.AlreadyExists)) throw e;
    if (await lockIsStale()) await Deno.remove(LOCK).catch(() => {});
    return null;
  }
}

/** Runs Vite's production build with web/vite.config.ts. */
export async function buildWeb(): Promise<void> {
  const { build } = await import("vite");
  const { default: config } = await import("./vite.config.ts");
  await build({ ...config, configFile: false });
  await (await import("./precompress.ts")).precompress(new URL("./assets/", DIST_DIR));
}

/**
 * Builds the SPA when it is missing or stale, printing one progress line. Several server processes
 * starting at once build it once: the others wait for the lock and find the build fresh.
 */
export async function ensureWebBuilt(opts: { force?: boolean } = {}): Promise<void> {
  if (!opts.force && !(await webBuildIsStale())) return;
  let lock = await takeLock();
  while (!lock) {
    await new Promise((r) => setTimeout(r, 250));
    if (!opts.force && !(await webBuildIsStale())) return;
    lock = await takeLock();
  }
  try {
    if (!opts.force && !(await webBuildIsStale())) return;
    const started = performance.now();
    const out = new TextEncoder();
    await Deno.stdout.write(out.encode("web: building the interface with Vite (web/ → web/dist)… "));
    await buildWeb();
    const files = [...Deno.readDirSync(new URL("./assets/", DIST_DIR))].length;
    await Deno.stdout.write(
      out.encode(`done in ${((performance.now() - started) / 1000).toFixed(1)} s, ${files} files\n`),
    );
  } finally {
    lock.close();
    await Deno.remove(LOCK).catch(() => {});
  }
}

if (import.meta.main) {
  const force = Deno.args.includes("--force");
  if (!force && !(await webBuildIsStale())) console.log("web: web/dist is up to date (--force rebuilds it)");
  else await ensureWebBuilt({ force });
}
