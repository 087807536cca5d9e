import { Hono } from "hono";
import { SESSION_EXPIRED } from "#contract/errors.ts";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import {
  changePasswordBody,
  chooseContractBody,
  forgotPasswordBody,
  loginBody,
  setPasswordBody,
  tokenStatusBody,
} from "#contract/auth.ts";
import {
  changePassword,
  chooseContract,
  contractChoice,
  login,
  logout,
  requestPasswordReset,
  setPasswordWithToken,
  tokenStatus,
} from "../services/accounts.ts";
import { loadSession } from "../services/sessions.ts";
import { sessionView } from "../services/session_view.ts";
import { done, fail, ok } from "./envelope.ts";
import type { AppEnv } from "./env.ts";
import { requireSession, requireTenant, SESSION_COOKIE } from "./middleware.ts";
import { v } from "./validate.ts";

export const auth = new Hono<AppEnv>();

auth.post("/login", v("json", loginBody), async (c) => {
  const { ctx } = c.var;
  const input = c.req.valid("json");
  const { token } = await login(ctx, { ...input, ip: c.var.ip, userAgent: c.req.header("user-agent") });
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: ctx.config.secureCookies,
    path: "/",
    maxAge: ctx.config.sessionAbsoluteHours * 3600,
  });
  const session = await loadSession(ctx, token);
  return ok(c, await sessionView(ctx.db, session!));
});

auth.post("/forgot-password", v("json", forgotPasswordBody), (c) => {
  requestPasswordReset(c.var.ctx, c.req.valid("json").email, c.var.ip);
  return done(c, 104);
});

auth.post("/token-status", v("json", tokenStatusBody), async (c) => {
  const { token, kind } = c.req.valid("json");
  return ok(c, await tokenStatus(c.var.ctx, kind, token));
});

auth.post("/reset-password", v("json", setPasswordBody), async (c) => {
  const { token, password } = c.req.valid("json");
  await setPasswordWithToken(c.var.ctx, "reset", token, password, c.var.ip);
  return done(c, 101);
});

auth.post("/activate", v("json", setPasswordBody), async (c) => {
  const { token, password } = c.req.valid("json");
  await setPasswordWithToken(c.var.ctx, "activation", token, password, c.var.ip);
  return done(c, 101);
});

auth.post("/logout", requireSession, async (c) => {
  await logout(c.var.ctx, c.var.session, c.var.ip);
  deleteCookie(c, SESSION_COOKIE, { path: "/" });
  return ok(c, null);
});

auth.get("/me", async (c) => {
  const s = c.var.session;
  if (!s) {
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    return fail(c, SESSION_EXPIRED);
  }
  return ok(c, await sessionView(c.var.ctx.db, s));
});

// Like /me, but nobody signed in is an answer (null), not an error: the SPA asks on every visit.
auth.get("/session", async (c) => {
  const s = c.var.session;
  if (!s) {
    if (getCookie(c, SESSION_COOKIE)) deleteCookie(c, SESSION_COOKIE, { path: "/" });
    return ok(c, null);
  }
  return ok(c, await sessionView(c.var.ctx.db, s));
});

auth.post("/change-password", requireSession, v("json", changePasswordBody), async (c) => {
  const { currentPassword, newPassword } = c.req.valid("json");
  await changePassword(c.var.ctx, c.var.session, currentPassword, newPassword, {
    userId: c.var.session.userId,
    ip: c.var.ip,
  });
  return done(c, 101);
});

auth.get(
  "/contracts",
  requireTenant,
  async (c) => ok(c, await contractChoice(c.var.ctx, c.var.session.userId)),
);

auth.post("/contract", requireTenant, v("json", chooseContractBody), async (c) => {
  const { ctx, session } = c.var;
  const { contractId } = c.req.valid("json");
  await chooseContract(ctx, session, contractId, c.var.ip);
  return ok(c, await sessionView(ctx.db, { ...session, contractId }));
});
