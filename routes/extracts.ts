import { Hono } from "hono";
import { ARROW_STREAM, partitionParam } from "#contract/extracts.ts";
import { catalog, partition } from "../services/extracts/catalog.ts";
import { bodyFor } from "../services/extracts/store.ts";
import { okGzipKept } from "./envelope.ts";
import type { AppEnv } from "./env.ts";
import { requireSession } from "./middleware.ts";
import { v } from "./validate.ts";

/** Arrow extracts for the browser's reports (docs/api.md, Extracts). */
export const extracts = new Hono<AppEnv>();

// The same few catalogues go to every reader: their gzip is kept (routes/envelope.ts).
extracts.get("/catalog", requireSession, async (c) => {
  return await okGzipKept(c, await catalog(c.var.ctx, c.var.session!));
});

extracts.get("/:partition", requireSession, v("param", partitionParam), async (c) => {
  const answer = await partition(
    c.var.ctx,
    c.var.session!,
    c.req.valid("param").partition,
    c.req.header("if-none-match"),
  );
  // Revalidated on every use: the version is checked, the bytes come again only when it changed.
  const headers: Record<string, string> = {
    "Cache-Control": "private, no-cache",
    ETag: answer.etag,
    Vary: "Accept-Encoding",
  };
  if (answer.kind === "not-modified") return c.body(null, 304, headers);
  const { body, encoding } = bodyFor(answer.encoded, c.req.header("accept-encoding"));
  headers["Content-Type"] = ARROW_STREAM;
  headers["X-Extract-Rows"] = String(answer.encoded.rows);
  if (encoding) headers["Content-Encoding"] = encoding;
  return c.body(body as Uint8Array<ArrayBuffer>, 200, headers);
});
