// Brotli and gzip copies of the built assets (web/dist/assets/x.js → x.js.br, x.js.gz), made once after the
// Vite build so the server sends them as they are (routes/spa.ts, serveStatic precompressed) instead of
// compressing the 34 MB DuckDB wasm on every request. Runs on libuv's threads, all files at once.

import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Worth compressing: text, scripts, styles, wasm and the icon fonts that are not compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|wasm|ttf|eot|map)$/;
const MIN_BYTES = 1024;

/** Writes `.br` and `.gz` next to every compressible file of the folder; returns the files and seconds. */
export async function precompress(dir: URL): Promise<{ files: number; seconds: number }> {
  const t0 = performance.now();
  const jobs: Promise<void>[] = [];
  for await (const e of Deno.readDir(dir)) {
    if (!e.isFile || !COMPRESSIBLE.test(e.name)) continue;
    const file = new URL(e.name, dir);
    jobs.push((async () => {
      const bytes = await Deno.readFile(file);
      if (bytes.byteLength < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotliAsync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 9,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
          },
        }),
        gzipAsync(bytes, { level: 9 }),
      ]);
      await Deno.writeFile(new URL(`${e.name}.br`, dir), new Uint8Array(br));
      await Deno.writeFile(new URL(`${e.name}.gz`, dir), new Uint8Array(gz));
    })());
  }
  await Promise.all(jobs);
  return { files: jobs.length, seconds: (performance.now() - t0) / 1000 };
}

if (import.meta.main) {
  const r = await precompress(new URL("./dist/assets/", import.meta.url));
  console.log(`web: ${r.files} assets precompressed (br, gz) in ${r.seconds.toFixed(1)} s`);
}
