import { Hono } from "hono";
import { serveStatic } from "hono/deno";

/** The built SPA: hashed assets cached for a year, every other path answered with index.html. */
export function spa(root: string) {
  const app = new Hono();
  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.ok) c.header("Cache-Control", "public, max-age=31536000, immutable");
  });
  // Built assets have .br/.gz siblings (web/precompress.ts): sent as they are, not compressed per request.
  app.use("*", serveStatic({ root, precompressed: true }));
  app.get("*", serveStatic({ root, path: "index.html" }));
  return app;
}
