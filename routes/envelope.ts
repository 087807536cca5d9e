import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Envelope } from "#contract/envelope.ts";
import {
  ACCOUNT_SUSPENDED,
  ACTION_NOT_PERMITTED,
  ALREADY_REGISTERED,
  BAD_CREDENTIALS,
  ERROR_MESSAGES,
  FORBIDDEN,
  GENERIC_ERROR,
  LINK_EXPIRED,
  LINK_INVALID,
  NETWORK_ERROR,
  NO_USER_DATA,
  NOT_FOUND,
  PASSWORD_PROCESS_EXPIRED,
  REQUEST_REFUSED,
  SAP_CODE_UNKNOWN,
  SERVICE_UNAVAILABLE,
  SESSION_EXPIRED,
  STALE_EDIT,
  STATE_CONFLICT,
  SUCCESS_MESSAGES,
  THROTTLED,
  VALIDATION_ERROR,
} from "#contract/errors.ts";
import type { AppError } from "../services/errors.ts";

export type { Envelope };

const STATUS: Record<number, ContentfulStatusCode> = {
  [NETWORK_ERROR]: 500,
  [SESSION_EXPIRED]: 401,
  [NOT_FOUND]: 404,
  [VALIDATION_ERROR]: 422,
  [LINK_EXPIRED]: 400,
  [LINK_INVALID]: 400,
  [PASSWORD_PROCESS_EXPIRED]: 400,
  [ACCOUNT_SUSPENDED]: 403,
  [THROTTLED]: 429,
  [BAD_CREDENTIALS]: 400,
  [NO_USER_DATA]: 404,
  [REQUEST_REFUSED]: 403,
  [ACTION_NOT_PERMITTED]: 409,
  [ALREADY_REGISTERED]: 409,
  [SAP_CODE_UNKNOWN]: 404,
  444: 403,
  445: 409,
  446: 404,
  447: 404,
  [STALE_EDIT]: 409,
  [STATE_CONFLICT]: 409,
  [FORBIDDEN]: 403,
};

// Answers are typed as plain Response: the SPA reads the contract's types, not Hono's RPC types, and Hono's
// JSON typing of every answer (JSONParsed, recursive over the data) made the checker exceed its depth (TS2589).
export function ok<T>(c: Context, data: T, message = "OK"): Response {
  return json<Envelope<T>>(c, { success: true, message, errorId: null, data });
}

const encoder = new TextEncoder();

/** The last few gzipped answers of okGzipKept, by their JSON text. */
const gzipped = new Map<string, Uint8Array>();
const GZIP_KEPT = 16;
const acceptsGzip = (header: string | undefined) =>
  !!header && /\bgzip\b(?!\s*;\s*q=0(?:\.0*)?\s*(?:,|$))/i.test(header);

/**
 * ok() for a large answer that many requests repeat word for word (the extract catalogue): its gzip is kept by
 * the answer's text, so an unchanged answer is compressed once, not per request (issue 18, Throughput).
 */
export async function okGzipKept<T>(c: Context, data: T): Promise<Response> {
  const text = JSON.stringify({ success: true, message: "OK", errorId: null, data });
  if (!acceptsGzip(c.req.header("accept-encoding"))) return jsonText(c, text);
  let gz = gzipped.get(text);
  if (!gz) {
    const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
    gz = new Uint8Array(await new Response(stream).arrayBuffer());
    gzipped.set(text, gz);
    if (gzipped.size > GZIP_KEPT) gzipped.delete(gzipped.keys().next().value!);
  }
  return c.body(gz as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": "application/json",
    "Content-Encoding": "gzip",
    "Content-Length": String(gz.length),
    Vary: "Accept-Encoding",
  });
}

/**
 * c.json with its Content-Length, so the compression middleware (routes/app.ts) leaves answers under 1 KB
 * as they are: gzip of a few hundred bytes costs more than it saves (issue 18, Throughput).
 */
function json<T>(c: Context, value: T, status?: ContentfulStatusCode): Response {
  return jsonText(c, JSON.stringify(value), status);
}

function jsonText(c: Context, text: string, status?: ContentfulStatusCode): Response {
  const bytes = encoder.encode(text);
  return c.body(bytes, status, {
    "Content-Type": "application/json",
    "Content-Length": String(bytes.length),
  });
}

/** A success that the screen confirms with the 'Información' dialog (100, 101, 102, 104, 301). */
export function done<T extends object>(
  c: Context,
  messageId: keyof typeof SUCCESS_MESSAGES,
  extra?: T,
): Response {
  return ok(c, { messageId, ...extra }, SUCCESS_MESSAGES[messageId]);
}

export function fail(c: Context, errorId: number, message?: string, data: unknown = null): Response {
  return json<Envelope<unknown>>(
    c,
    { success: false, message: message ?? ERROR_MESSAGES[errorId] ?? GENERIC_ERROR, errorId, data },
    STATUS[errorId] ?? 400,
  );
}

export const failWith = (c: Context, e: AppError) => fail(c, e.errorId, e.message, e.data);

/** The database is away for a moment (services/db_faults.ts): 503, id 400 ('error in service connection'). */
export function unavailable(c: Context): Response {
  c.header("Retry-After", "5");
  return json<Envelope<unknown>>(
    c,
    { success: false, message: SERVICE_UNAVAILABLE, errorId: NETWORK_ERROR, data: null },
    503,
  );
}
