// What every page downloads before it can draw anything (the login's too): the built entry script and the
// modules index.html preloads. A route file that imports more of a screen than its component pulls that
// screen, the report engine and their libraries in here (1.5 MB of scripts until the eleventh session).

import assert from "node:assert/strict";

const DIST = new URL("../../web/dist/", import.meta.url);

async function firstDownload(): Promise<{ file: string; text: string }[]> {
  const html = await Deno.readTextFile(new URL("index.html", DIST)).catch(() => {
    throw new Error("Cannot read web/dist/index.html: the web build is missing (deno task test builds it)");
  });
  const files = [
    ...html.matchAll(/<script type="module" crossorigin src="\/([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)"/g),
  ].map((m) => m[1]);
  assert.ok(files.length > 0, "index.html names no entry script");
  return await Promise.all(
    files.map(async (file) => ({ file, text: await Deno.readTextFile(new URL(file, DIST)) })),
  );
}

Deno.test("the first download holds neither the report engine nor a report's statements", async () => {
  for (const { file, text } of await firstDownload()) {
    // The engine's developer errors and the statements' tables: text a minifier keeps.
    assert.ok(!text.includes("[report] Cannot"), `${file} holds the report engine`);
    assert.ok(!/from sales_(closings|days|monthly)\b/.test(text), `${file} holds a report's statements`);
  }
});

Deno.test("the first download stays under 800 KB of scripts", async () => {
  const bytes = (await firstDownload()).reduce((n, f) => n + new TextEncoder().encode(f.text).length, 0);
  assert.ok(bytes < 800 * 1024, `the first download is ${(bytes / 1024).toFixed(0)} KB`);
});
