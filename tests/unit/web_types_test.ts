import assert from "node:assert/strict";

// The web app is bundled by Vite, which strips types without checking them: this is where they are checked.
Deno.test("web app type-checks under the strict compiler options", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["check", "web/src/main.tsx"],
    cwd: new URL("../../", import.meta.url).pathname,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
});
