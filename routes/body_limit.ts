// Request body limits, set per mounted sub-app (routes/app.ts) or per call (the guarantee uploads), and the
// depth limit of every JSON body.
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Envelope } from "#contract/envelope.ts";
import { VALIDATION_ERROR } from "#contract/errors.ts";

const MAX_JSON_BYTES = 1024 * 1024;
const TOO_LARGE = "La solicitud excede el tamaño permitido (1 MB).";
/** Far above any body of the contract (three or four levels), far below what a recursive walk overflows on. */
export const MAX_JSON_DEPTH = 32;
export const JSON_TOO_DEEP = `Los datos tienen más de ${MAX_JSON_DEPTH} niveles anidados.`;

const tooLarge = (c: Context) =>
  c.json<Envelope<{ body: string }>>({
    success: false,
    message: TOO_LARGE,
    errorId: VALIDATION_ERROR,
    data: { body: TOO_LARGE },
  }, 413);

/** Every JSON call: 1 MB, refused with 413 and the validation envelope before the body is read. */
export const jsonBodyLimit: MiddlewareHandler = bodyLimit({ maxSize: MAX_JSON_BYTES, onError: tooLarge });

// The content types Hono's validator parses as JSON (and a few more: the check errs on the strict side).
const JSON_TYPE = /^application\/([a-z0-9.+-]+\+)?json\b/i;

/**
 * True when the JSON text nests arrays and objects deeper than `max`, counted in one pass over its UTF-8 bytes
 * (brackets inside strings do not count; a multi-byte character never holds an ASCII byte). Not a parser: a
 * malformed text is left to JSON.parse.
 */
export function jsonDepthOver(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === 0x5c) i++; // a backslash: the next byte is escaped
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x5b || b === 0x7b) {
      if (++depth > max) return true;
    } else if (b === 0x5d || b === 0x7d) depth--;
  }
  return false;
}

/** The body's bytes, or null past `max`, counted as they stream whatever Content-Length says. */
async function readCapped(req: Request, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = req.body!.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return all;
}

/**
 * Every /api call with a JSON body, on any route, signed in or not (issue 42): the body is read up to 1 MB and
 * its nesting counted without recursion before anything parses it, so 7,000 '[' answer 422, not a stack
 * overflow in a validator. The bytes read are handed on as the request's body.
 */
export const jsonDepthLimit: MiddlewareHandler = async (c, next) => {
  const raw = c.req.raw;
  if (!raw.body || !JSON_TYPE.test(c.req.header("content-type") ?? "")) return await next();
  const bytes = await readCapped(raw, MAX_JSON_BYTES);
  if (bytes === null) return tooLarge(c);
  if (jsonDepthOver(bytes, MAX_JSON_DEPTH)) {
    return c.json<Envelope<{ body: string }>>({
      success: false,
      message: "Los datos ingresados no son válidos.",
      errorId: VALIDATION_ERROR,
      data: { body: JSON_TOO_DEEP },
    }, 422);
  }
  c.req.raw = new Request(raw.url, { method: raw.method, headers: raw.headers, body: bytes });
  await next();
};
