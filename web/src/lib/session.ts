import { queryOptions, useSuspenseQuery } from "@tanstack/react-query";
import { SESSION_EXPIRED } from "#contract/errors.ts";
import { AUTH_API, type SessionView } from "#contract/auth.ts";
import type { PermissionId } from "#contract/permissions.ts";
import { ApiError, get, setCsrfToken } from "./api.ts";
import { earlyRequest } from "./early.ts";

/** The signed-in user as /api/auth/login, /me and /contract answer it (contract/auth.ts). */
export type Session = SessionView;

export const SESSION_KEY = ["session"] as const;

async function fetchSession(): Promise<Session | null> {
  try {
    // Not /me: its 401 for nobody signed in would be a failed request in the console on every visit.
    const s = await get<Session | null>(AUTH_API.session, { quiet: [SESSION_EXPIRED], anonymous: true });
    setCsrfToken(s?.csrfToken ?? null);
    return s;
  } catch (e) {
    if (e instanceof ApiError && e.errorId === SESSION_EXPIRED) {
      setCsrfToken(null);
      return null;
    }
    throw e;
  }
}

const session = earlyRequest(fetchSession);

/**
 * Asks for the session now, before React and the router are set up (early-session.ts): the session query's
 * first run takes this answer instead of asking again.
 */
export const askSessionEarly = (): void => session.start();

/** The session from the cookie, or null when nobody is signed in. Kept until sign-in, sign-out or a 401. */
export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_KEY,
  queryFn: (): Promise<Session | null> => session.take(),
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
});

/** The session inside the signed-in layout (its beforeLoad guarantees one). */
export function useSession(): Session {
  const { data } = useSuspenseQuery(sessionQueryOptions);
  if (!data) throw new Error("Sin sesión");
  return data;
}

/** True when the role holds any of the ids; a screen requiring none is open (spec 1, section 6). */
export function hasAnyPermission(session: Session | null, ids: readonly PermissionId[]): boolean {
  if (ids.length === 0) return true;
  if (!session) return false;
  return session.role.permissions.some((p) => ids.includes(p.id));
}

// The last visited path, per user, so that / after sign-in goes back there (auth paths excluded).
const LAST_PATH_KEY = "portal.lastPath";
const NOT_REMEMBERED = /^\/(auth|logout|error|unauthorized)(\/|$|\?)/i;

export function rememberPath(email: string, href: string) {
  if (NOT_REMEMBERED.test(href) || href === "/") return;
  try {
    localStorage.setItem(LAST_PATH_KEY, JSON.stringify({ email: email.toLowerCase(), href }));
  } catch { /* storage disabled: nothing to remember */ }
}

export function lastPathFor(email: string): string | null {
  try {
    const v = JSON.parse(localStorage.getItem(LAST_PATH_KEY) ?? "null");
    return v && v.email === email.toLowerCase() && typeof v.href === "string" ? v.href : null;
  } catch {
    return null;
  }
}

/** A same-origin path that is safe to navigate to after sign-in (no protocol-relative or external URL). */
export function safeRedirect(target: unknown): string | null {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//")) return null;
  if (target.includes("\\") || NOT_REMEMBERED.test(target)) return null;
  return target;
}
