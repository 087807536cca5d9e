// The SPA's build kept beside the seeded templates, named by a hash of everything it is built from: a test
// run whose sources match a cached build copies it in place instead of running Vite (a minute and a half of
// both cores). web/build.ts still decides staleness; a copied build is newer than its sources.
import { sha256 } from "../../services/crypto.ts";
import { copyDir } from "./db.ts";
import { TEST_CACHE_DIR as CACHE_DIR } from "./cache_dir.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const SKIP = new Set(["dist", ".build.lock", "routeTree.gen.ts", "node_modules"]);

async function files(dir: string, out: string[] = []): Promise<string[]> {
  for await (const e of Deno.readDir(dir)) {
    if (SKIP.has(e.name)) continue;
    const path = `${dir}/${e.name}`;
    if (e.isDirectory) await files(path, out);
    else if (e.isFile) out.push(path);
  }
  return out;
}

async function sourcesKey(): Promise<string> {
  const paths = [
    ...await files(`${ROOT}web`),
    ...await files(`${ROOT}contract`),
    `${ROOT}deno.json`,
    `${ROOT}deno.lock`,
  ].sort();
  const parts: string[] = [];
  for (const p of paths) parts.push(p.slice(ROOT.length), await sha256(await Deno.readTextFile(p)));
  return (await sha256(parts.join("\n"))).slice(0, 16);
}

const exists = (p: string) => Deno.stat(p).then(() => true, () => false);

/** Puts a cached build of the same sources in web/dist, when there is one; returns the cache key. */
export async function restoreWebBuild(): Promise<string> {
  const key = await sourcesKey();
  const cached = `${CACHE_DIR}/web-${key}`;
  if (await exists(`${cached}/index.html`) && !(await exists(`${ROOT}web/dist/index.html`))) {
    await copyDir(cached, `${ROOT}web/dist`);
  }
  return key;
}

/** Keeps web/dist for later runs of the same sources. */
export async function saveWebBuild(key: string): Promise<void> {
  const cached = `${CACHE_DIR}/web-${key}`;
  if (await exists(`${cached}/index.html`) || !(await exists(`${ROOT}web/dist/index.html`))) return;
  const building = `${cached}.${crypto.randomUUID().slice(0, 8)}`;
  await copyDir(`${ROOT}web/dist`, building);
  await Deno.rename(building, cached).catch(() => Deno.remove(building, { recursive: true }));
}
