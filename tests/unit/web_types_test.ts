import assert from "node:assert/strict";

// Vite strips the web app's types without checking them, and tests/run.ts runs the test files without
// checking (one check here instead of one per folder): this is where the whole project is type-checked.

const run = (args: string[]) =>
  new Deno.Command(Deno.execPath(), {
    args,
    cwd: new URL("../../", import.meta.url).pathname,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();

Deno.test("server, web app, fixtures and tests type-check under the strict compiler options", async () => {
  const out = await run(["check", "main.ts", "web/src/main.tsx", "fixtures/", "tests/"]);
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
});

Deno.test("the code is formatted and lint-clean (deno fmt --check, deno lint)", async () => {
  for (const args of [["fmt", "--check"], ["lint"]]) {
    const out = await run(args);
    assert.ok(out.success, `deno ${args.join(" ")}:\n${new TextDecoder().decode(out.stderr)}`);
  }
});
