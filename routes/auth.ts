import { Hono } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import {
  changePassword,
  chooseContract,
  login,
  logout,
  requestPasswordReset,
  setPasswordWithToken,
  tokenStatus,
} from "../services/accounts.ts";
import { loadSession } from "../services/sessions.ts";
import { sessionView } from "../services/session_view.ts";
import { userContracts } from "../services/tenancy.ts";
import { done, fail, ok } from "./envelope.ts";
import type { AppEnv } from "./env.ts";
import { requireSession, requireTenant, SESSION_COOKIE } from "./middleware.ts";
import { newPassword, text } from "./schemas.ts";
import { v } from "./validate.ts";

const token = z.string({ error: "Token inválido." }).trim().min(1, "Token inválido.").max(
  200,
  "Token inválido.",
);

export const auth = new Hono<AppEnv>()
  .post(
    "/login",
    v(
      "json",
      z.object({
        email: text("Ingresar correo electrónico", 254),
        password: text("Ingresar Contraseña", 128),
      }),
    ),
    async (c) => {
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
    },
  )
  .post("/forgot-password", v("json", z.object({ email: text("Ingresar Correo", 254) })), async (c) => {
    await requestPasswordReset(c.var.ctx, c.req.valid("json").email, c.var.ip);
    return done(c, 104);
  })
  .post(
    "/token-status",
    v(
      "json",
      z.object({ token, kind: z.enum(["reset", "activation"], { error: "Tipo de token inválido." }) }),
    ),
    async (c) => {
      const { token, kind } = c.req.valid("json");
      return ok(c, await tokenStatus(c.var.ctx, kind, token));
    },
  )
  .post("/reset-password", v("json", z.object({ token, password: newPassword })), async (c) => {
    const { token, password } = c.req.valid("json");
    await setPasswordWithToken(c.var.ctx, "reset", token, password, c.var.ip);
    return done(c, 101);
  })
  .post("/activate", v("json", z.object({ token, password: newPassword })), async (c) => {
    const { token, password } = c.req.valid("json");
    await setPasswordWithToken(c.var.ctx, "activation", token, password, c.var.ip);
    return done(c, 101);
  })
  .post("/logout", requireSession, async (c) => {
    await logout(c.var.ctx, c.var.session, c.var.ip);
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    return ok(c, null);
  })
  .get("/me", async (c) => {
    const s = c.var.session;
    if (!s) {
      deleteCookie(c, SESSION_COOKIE, { path: "/" });
      return fail(c, 401);
    }
    return ok(c, await sessionView(c.var.ctx.db, s));
  })
  .post(
    "/change-password",
    requireSession,
    v("json", z.object({ currentPassword: text("Ingresar Contraseña", 128), newPassword })),
    async (c) => {
      const { currentPassword, newPassword } = c.req.valid("json");
      await changePassword(c.var.ctx, c.var.session, currentPassword, newPassword, {
        userId: c.var.session.userId,
        ip: c.var.ip,
      });
      return done(c, 101);
    },
  )
  .get("/contracts", requireTenant, async (c) => {
    const list = await userContracts(c.var.ctx.db, c.var.session.userId);
    return ok(c, {
      list: list.map((x) => ({
        value: x.id,
        label: `${x.code} - ${x.denominacion}`,
        ruc: x.ruc,
        nroContrato: x.code,
      })),
      defaultId: list.find((x) => x.isDefault)?.id ?? list[0]?.id ?? null,
    });
  })
  .post(
    "/contract",
    requireTenant,
    v("json", z.object({ contractId: z.number({ error: "Seleccione un contrato." }).int().positive() })),
    async (c) => {
      const { ctx, session } = c.var;
      const { contractId } = c.req.valid("json");
      await chooseContract(ctx, session, contractId, c.var.ip);
      return ok(c, await sessionView(ctx.db, { ...session, contractId }));
    },
  );
