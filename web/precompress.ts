// Brotli and gzip copies of the built assets (web/dist/assets/x.js → x.js.br, x.js.gz), made once after the
// Vite build so the server sends them as they are (routes/spa.ts, serveStatic precompressed) instead of
// compressing the 34 MB DuckDB wasm on every request. Runs on libuv's threads, all files at once.
//
// Compressed copies are kept by the content's hash in a cache outside the checkout: the DuckDB wasm (34 of the
// 36 MB) is the same in every build, and compressing it again took most of a rebuild (over a minute on a busy
// machine); a build now compresses only what changed.

import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Worth compressing: text, scripts, styles, wasm and the icon fonts that are not compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|wasm|ttf|eot|map)$/;
const MIN_BYTES = 1024;
/** Cached copies not used for this long are removed at the end of a build. */
const KEEP_DAYS = 30;

/** `$XDG_CACHE_HOME/mall-portal/precompress` (`~/.cache/...`), or null where there is no home to cache in. */
function cacheDir(): string | null {
  const base = Deno.env.get("XDG_CACHE_HOME") ?? (Deno.env.get("HOME") && `${Deno.env.get("HOME")}/.cache`);
  return base ? `${base}/mall-portal/precompress` : null;
}

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function compress(bytes: Uint8Array<ArrayBuffer>): Promise<[Uint8Array, Uint8Array]> {
  const [br, gz] = await Promise.all([
    brotliAsync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  return [new Uint8Array(br), new Uint8Array(gz)];
}

/** The compressed copies of these bytes: from the cache when a build made them before, else made and kept. */
async function compressed(
  bytes: Uint8Array<ArrayBuffer>,
  cache: string | null,
): Promise<[Uint8Array, Uint8Array]> {
  if (!cache) return await compress(bytes);
  const key = `${cache}/${await sha256Hex(bytes)}`;
  const kept = await Promise.all([Deno.readFile(`${key}.br`), Deno.readFile(`${key}.gz`)]).catch(() => null);
  if (kept) {
    const now = new Date();
    await Promise.all([Deno.utime(`${key}.br`, now, now), Deno.utime(`${key}.gz`, now, now)]).catch(() => {});
    return [kept[0], kept[1]];
  }
  const [br, gz] = await compress(bytes);
  // Written under a temporary name and renamed, so a build beside this one never reads half a file.
  const tmp = `.${crypto.randomUUID()}`;
  try {
    await Deno.mkdir(cache, { recursive: true });
    await Deno.writeFile(`${key}.br${tmp}`, br);
    await Deno.writeFile(`${key}.gz${tmp}`, gz);
    await Deno.rename(`${key}.br${tmp}`, `${key}.br`);
    await Deno.rename(`${key}.gz${tmp}`, `${key}.gz`);
  } catch {
    // A cache that cannot be written (read-only home) only costs the next build the compression.
  }
  return [br, gz];
}

/** Removes copies unused for KEEP_DAYS, and half-written ones a stopped build left an hour ago or more. */
async function pruneCache(cache: string) {
  const now = Date.now();
  for await (const e of Deno.readDir(cache)) {
    const path = `${cache}/${e.name}`;
    const age = now - ((await Deno.stat(path).catch(() => null))?.mtime?.getTime() ?? now);
    const partial = !/\.(br|gz)$/.test(e.name);
    if (age > (partial ? 3_600_000 : KEEP_DAYS * 86_400_000)) await Deno.remove(path).catch(() => {});
  }
}

/** Writes `.br` and `.gz` next to every compressible file of the folder; returns the files and seconds. */
export async function precompress(dir: URL): Promise<{ files: number; seconds: number }> {
  const t0 = performance.now();
  const cache = cacheDir();
  const jobs: Promise<void>[] = [];
  for await (const e of Deno.readDir(dir)) {
    if (!e.isFile || !COMPRESSIBLE.test(e.name)) continue;
    const file = new URL(e.name, dir);
    jobs.push((async () => {
      const bytes = await Deno.readFile(file);
      if (bytes.byteLength < MIN_BYTES) return;
      const [br, gz] = await compressed(bytes, cache);
      await Deno.writeFile(new URL(`${e.name}.br`, dir), br);
      await Deno.writeFile(new URL(`${e.name}.gz`, dir), gz);
    })());
  }
  await Promise.all(jobs);
  if (cache) await pruneCache(cache).catch(() => {});
  return { files: jobs.length, seconds: (performance.now() - t0) / 1000 };
}

if (import.meta.main) {
  const r = await precompress(new URL("./dist/assets/", import.meta.url));
  console.log(`web: ${r.files} assets precompressed (br, gz) in ${r.seconds.toFixed(1)} s`);
}
