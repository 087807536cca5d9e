// Issue 40: on a case-insensitive disk (macOS, Windows) two route files or folders whose names differ only by
// letter case merge, and the generated route tree changes. The URLs keep the spec's case; the file names under
// web/src/routes must not depend on it.
import assert from "node:assert/strict";

const ROUTES = new URL("../../web/src/routes/", import.meta.url);

/** Every path (files and folders) under a folder, relative to it. */
function pathsUnder(dir: URL, prefix = ""): string[] {
  const out: string[] = [];
  for (const e of Deno.readDirSync(dir)) {
    const rel = prefix + e.name;
    out.push(rel);
    if (e.isDirectory) out.push(...pathsUnder(new URL(`${e.name}/`, dir), `${rel}/`));
  }
  return out;
}

/** The groups of paths that are one path once letter case is ignored. */
function caseCollisions(paths: string[]): string[][] {
  const byFolded = new Map<string, string[]>();
  for (const p of paths) byFolded.set(p.toLowerCase(), [...(byFolded.get(p.toLowerCase()) ?? []), p]);
  return [...byFolded.values()].filter((g) => g.length > 1).map((g) => g.sort());
}

Deno.test("caseCollisions finds two folders that differ only by case, and nothing in distinct names", () => {
  assert.deepEqual(
    caseCollisions(["_app/Mapas", "_app/Mapas/ModificarMapas.tsx", "_app/mapas", "_app/mapas/vacancy.tsx"]),
    [["_app/Mapas", "_app/mapas"]],
  );
  assert.deepEqual(
    caseCollisions(["_app/Mapas.ModificarMapas.tsx", "_app/mapas", "_app/mapas/vacancy.tsx"]),
    [],
  );
});

Deno.test("no two paths under web/src/routes are equal ignoring letter case", () => {
  const paths = pathsUnder(ROUTES);
  assert.ok(paths.includes("_app/Reportes/RankVentas.tsx"), "the route files were read");
  assert.deepEqual(caseCollisions(paths), []);
});
