import assert from "node:assert/strict";
import { startServer } from "./helpers/server.ts";

Deno.test({
  name: "main.ts serves the portal and signs in over HTTP",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const server = await startServer({ embedded: true });
  try {
    const health = await (await fetch(`${server.url}/api/health`)).json();
    assert.deepEqual(health.data, { db: "pglite" });
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@demo.pe", password: "Demo-2026" }),
    });
    const body = await res.json();
    assert.equal(res.status, 200);
    assert.equal(body.data.email, "admin@demo.pe");
    const cookie = res.headers.get("set-cookie")!.split(";")[0];
    const me = await fetch(`${server.url}/api/auth/me`, { headers: { cookie } });
    assert.equal((await me.json()).data.role.name, "coordinacionGeneral");
    const page = await fetch(`${server.url}/Admin/UsersManagement`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<div id="root">/);
    assert.match(page.headers.get("content-security-policy") ?? "", /wasm-unsafe-eval/);
  } finally {
    await server.stop();
  }
});
