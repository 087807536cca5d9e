import type { Envelope } from "#contract/envelope.ts";
import {
  errorMessage,
  NETWORK_ERROR,
  NOT_FOUND,
  SESSION_EXPIRED,
  SUCCESS_MESSAGES,
  VALIDATION_ERROR,
} from "#contract/errors.ts";
import { showError, showSuccess } from "./dialogs.ts";

export { errorMessage, NETWORK_ERROR, SESSION_EXPIRED, VALIDATION_ERROR };
/** Success message ids a screen confirms with the 'Información' dialog. */
export const SUCCESS_IDS = Object.keys(SUCCESS_MESSAGES).map(Number);

/** A failed call: the catalogue's errorId, the message to show and, for 422, the field messages. */
export class ApiError extends Error {
  constructor(readonly errorId: number, message: string, readonly data: unknown = null) {
    super(message);
  }

  /** Field name to Spanish message, when the server rejected the input (422). */
  get fieldErrors(): Record<string, string> {
    if (this.errorId !== VALIDATION_ERROR || !this.data || typeof this.data !== "object") return {};
    return this.data as Record<string, string>;
  }
}

let csrfToken: string | null = null;
let onSessionExpired: () => void = () => {};

/** The session's CSRF token, sent as x-csrf-token on every write. */
export function setCsrfToken(token: string | null) {
  csrfToken = token;
}

/** What to do when the server says the session is gone (401): set once by main.tsx. */
export function setSessionExpiredHandler(fn: () => void) {
  onSessionExpired = fn;
}

/** A 401 met outside api() (the extract downloads): ends the session in the browser as api() does. */
export function sessionExpired(): ApiError {
  onSessionExpired();
  return new ApiError(SESSION_EXPIRED, errorMessage(SESSION_EXPIRED));
}

export interface CallOptions {
  /** Error ids the caller handles itself: no error dialog for them (true: none at all). */
  quiet?: boolean | number[];
  /** Show the 'Información' dialog for a success messageId (default: on for writes). */
  confirm?: boolean;
  /** Do not treat a 401 as an expired session (sign-in screens). */
  anonymous?: boolean;
}

const isQuiet = (opts: CallOptions, id: number) =>
  opts.quiet === true || (Array.isArray(opts.quiet) && opts.quiet.includes(id));

/** Calls the API and unwraps the envelope; failures throw ApiError after showing the error dialog. */
export async function api<T>(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  body?: unknown,
  opts: CallOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (method !== "GET" && csrfToken) headers["x-csrf-token"] = csrfToken;
  let env: Envelope<T> | null = null;
  let status = 0;
  try {
    const res = await fetch(path, {
      method,
      headers,
      credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    status = res.status;
    env = await res.json().catch(() => null);
  } catch {
    env = null;
  }
  if (!env || typeof env !== "object" || !("success" in env)) {
    // No answer, or not an envelope: a network or gateway failure, shown as id 400 (a bare 404 as 404).
    const id = status === 404 ? NOT_FOUND : NETWORK_ERROR;
    return fail(new ApiError(id, errorMessage(id)), opts);
  }
  const failed = !env.success || (env.data == null && env.errorId != null);
  if (failed) {
    const id = env.errorId ?? (status || NETWORK_ERROR);
    if (id === SESSION_EXPIRED && !opts.anonymous) {
      onSessionExpired();
      throw new ApiError(id, env.message || errorMessage(id));
    }
    return fail(new ApiError(id, env.message || errorMessage(id), env.data), opts);
  }
  const messageId = (env.data as { messageId?: number } | null)?.messageId;
  if ((opts.confirm ?? method !== "GET") && messageId != null && SUCCESS_IDS.includes(messageId)) {
    showSuccess(messageId);
  }
  return env.data;
}

function fail(err: ApiError, opts: CallOptions): never {
  if (!isQuiet(opts, err.errorId)) showError(err.errorId, err.message, err.fieldErrors);
  throw err;
}

export const get = <T>(path: string, opts?: CallOptions) => api<T>("GET", path, undefined, opts);
export const post = <T>(path: string, body?: unknown, opts?: CallOptions) => api<T>("POST", path, body, opts);
export const put = <T>(path: string, body?: unknown, opts?: CallOptions) => api<T>("PUT", path, body, opts);
export const del = <T>(path: string, opts?: CallOptions) => api<T>("DELETE", path, undefined, opts);

/** A multipart upload with the session's CSRF token; answers the envelope's data or throws ApiError. */
export async function postMultipart<T>(path: string, form: FormData, csrfToken: string): Promise<T> {
  let body: { success?: boolean; message?: string; errorId?: number; data?: unknown } | null = null;
  let status = 0;
  try {
    const res = await fetch(path, {
      method: "POST",
      body: form,
      credentials: "same-origin",
      headers: { accept: "application/json", "x-csrf-token": csrfToken },
    });
    status = res.status;
    body = await res.json().catch(() => null);
  } catch {
    body = null;
  }
  if (!body || typeof body !== "object" || !("success" in body)) {
    throw new ApiError(status === 413 ? VALIDATION_ERROR : NETWORK_ERROR, errorMessage(NETWORK_ERROR));
  }
  if (!body.success) {
    throw new ApiError(body.errorId ?? NETWORK_ERROR, body.message ?? errorMessage(NETWORK_ERROR), body.data);
  }
  return body.data as T;
}
