import { getCookie } from "hono/cookie";
import { FORBIDDEN, REQUEST_REFUSED, SESSION_EXPIRED } from "#contract/errors.ts";
import { createMiddleware } from "hono/factory";
import type { PermissionId } from "#contract/permissions.ts";
import { loadSession } from "../services/sessions.ts";
import { fail } from "./envelope.ts";
import type { AppEnv, AuthedEnv } from "./env.ts";

export const SESSION_COOKIE = "sid";
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
// Calls made without a session: they never read the cookie, so they need no CSRF token.
const NO_SESSION_CALLS = new Set([
  "/api/auth/login",
  "/api/auth/forgot-password",
  "/api/auth/token-status",
  "/api/auth/reset-password",
  "/api/auth/activate",
]);

/** Loads the session of the cookie, if any, and checks origin and CSRF token on every write. */
export const sessionLoader = createMiddleware<AppEnv>(async (c, next) => {
  const unsafe = UNSAFE.has(c.req.method);
  if (unsafe) {
    const origin = c.req.header("origin");
    const site = c.req.header("sec-fetch-site");
    const host = c.req.header("host");
    if ((origin && host && new URL(origin).host !== host) || site === "cross-site") {
      return fail(c, REQUEST_REFUSED, "Solicitud de otro origen rechazada.");
    }
  }
  const token = getCookie(c, SESSION_COOKIE);
  const session = token ? await loadSession(c.var.ctx, token) : null;
  c.set("session", session);
  if (session && unsafe && !NO_SESSION_CALLS.has(c.req.path)) {
    if (c.req.header("x-csrf-token") !== session.csrfToken) {
      return fail(
        c,
        REQUEST_REFUSED,
        "La solicitud no tiene un token de seguridad válido. Recargue la página.",
      );
    }
  }
  await next();
});

export const requireSession = createMiddleware<AuthedEnv>(async (c, next) => {
  if (!c.var.session) return fail(c, SESSION_EXPIRED);
  await next();
});

/**
 * Passes when the role holds any of the permissions (spec 1 section 6); 401 without session, 600 without
 * permission. The ids are typed (`P.X`), so a misspelt one does not compile.
 */
export const requirePermission = (...ids: PermissionId[]) =>
  createMiddleware<AuthedEnv>(async (c, next) => {
    const s = c.var.session;
    if (!s) return fail(c, SESSION_EXPIRED);
    if (!ids.some((id) => s.permissions.has(id))) return fail(c, FORBIDDEN);
    await next();
  });

export const requireTenant = createMiddleware<AuthedEnv>(async (c, next) => {
  const s = c.var.session;
  if (!s) return fail(c, SESSION_EXPIRED);
  if (!s.isTenant) return fail(c, FORBIDDEN);
  await next();
});
