import { Hono } from "hono";
import { z } from "zod";
import { listMailbox } from "../services/mail.ts";
import { createRole, listPermissions, listRoles, removeRole, updateRole } from "../services/roles.ts";
import { createUser, listUsers, updateUser } from "../services/users.ts";
import { sessionView } from "../services/session_view.ts";
import { done, fail, ok } from "./envelope.ts";
import type { AppEnv } from "./env.ts";
import { requirePermission } from "./middleware.ts";
import { email, idParam, text } from "./schemas.ts";
import { v } from "./validate.ts";

const userBody = z.object({
  email: email("Ingresar el correo"),
  name: text("Ingresar el nombre", 150),
  dni: z.string().trim().max(20, "Máximo 20 caracteres.").regex(
    /^[0-9A-Za-z-]*$/,
    "El DNI solo admite letras y números.",
  )
    .nullish().transform((x) => x || null),
  roleId: z.number({ error: "Selecciona un rol" }).int("Selecciona un rol").positive("Selecciona un rol")
    .max(2_147_483_647, "Selecciona un rol"),
});

const roleBody = z.object({
  name: text("Ingresar el rol", 80),
  permissions: z.array(z.string().max(60), { error: "Seleccione los permisos." }).max(200),
});

const actor = (c: { var: { session: { userId: number }; ip: string } }) => ({
  userId: c.var.session.userId,
  ip: c.var.ip,
});

export const admin = new Hono<AppEnv>()
  .get("/users", requirePermission("GESTION_USUARIOS"), async (c) => {
    const { roleList } = await sessionView(c.var.ctx.db, c.var.session);
    return ok(c, { table: await listUsers(c.var.ctx.db, roleList.map((r) => r.id)) });
  })
  .post("/users", requirePermission("GESTION_USUARIOS"), v("json", userBody), async (c) => {
    const id = await createUser(c.var.ctx, c.req.valid("json"), actor(c));
    return done(c, 100, { id });
  })
  .put(
    "/users/:id",
    requirePermission("GESTION_USUARIOS"),
    v("param", idParam),
    v("json", userBody.extend({ userState: z.enum(["A", "I"], { error: "Seleccione el estado." }) })),
    async (c) => {
      await updateUser(c.var.ctx, c.req.valid("param").id, c.req.valid("json"), actor(c));
      return done(c, 101);
    },
  )
  .get("/roles", requirePermission("GESTION_ROLES", "GESTION_USUARIOS"), async (c) => {
    return ok(c, { table: await listRoles(c.var.ctx.db) });
  })
  .get("/permissions", requirePermission("GESTION_ROLES"), async (c) => {
    return ok(c, { table: await listPermissions(c.var.ctx.db) });
  })
  .post("/roles", requirePermission("GESTION_ROLES"), v("json", roleBody), async (c) => {
    const id = await createRole(c.var.ctx, c.req.valid("json"), actor(c));
    return done(c, 100, { id });
  })
  .put(
    "/roles/:id",
    requirePermission("GESTION_ROLES"),
    v("param", idParam),
    v("json", roleBody),
    async (c) => {
      await updateRole(c.var.ctx, c.req.valid("param").id, c.req.valid("json"), actor(c));
      return done(c, 101);
    },
  )
  .delete("/roles/:id", requirePermission("GESTION_ROLES"), v("param", idParam), async (c) => {
    await removeRole(c.var.ctx, c.req.valid("param").id, actor(c));
    return done(c, 301);
  })
  .get("/mailbox", requirePermission("GESTION_USUARIOS"), async (c) => {
    // With real SMTP the messages (and their links) belong to their recipients only.
    if (c.var.ctx.config.smtpUrl) return fail(c, 404, "El buzón local solo existe sin servidor de correo.");
    return ok(c, { table: await listMailbox(c.var.ctx.db) });
  });
