import { Hono } from "hono";
import { NOT_FOUND } from "#contract/errors.ts";
import { newUserBody, roleBody, roleUpdateBody, userBody } from "#contract/admin.ts";
import { idParam } from "#contract/fields.ts";
import { P } from "#contract/permissions.ts";
import { listMailbox } from "../services/mail.ts";
import { createRole, listPermissions, listRoles, removeRole, updateRole } from "../services/roles.ts";
import { createUser, listUsers, updateUser } from "../services/users.ts";
import { sessionView } from "../services/session_view.ts";
import { done, fail, ok } from "./envelope.ts";
import type { AppEnv } from "./env.ts";
import { requirePermission } from "./middleware.ts";
import { v } from "./validate.ts";

const actor = (c: { var: { session: { userId: number }; ip: string } }) => ({
  userId: c.var.session.userId,
  ip: c.var.ip,
});

const users = requirePermission(P.GESTION_USUARIOS);
const roles = requirePermission(P.GESTION_ROLES);

export const admin = new Hono<AppEnv>();

admin.get("/users", users, async (c) => {
  const { roleList } = await sessionView(c.var.ctx.db, c.var.session);
  return ok(c, { table: await listUsers(c.var.ctx.db, roleList.map((r) => r.id)) });
});

admin.post("/users", users, v("json", newUserBody), async (c) => {
  const id = await createUser(c.var.ctx, c.req.valid("json"), actor(c));
  return done(c, 100, { id });
});

admin.put("/users/:id", users, v("param", idParam), v("json", userBody), async (c) => {
  await updateUser(c.var.ctx, c.req.valid("param").id, c.req.valid("json"), actor(c));
  return done(c, 101);
});

// The user dialogs pick the role from this list too.
admin.get("/roles", requirePermission(P.GESTION_ROLES, P.GESTION_USUARIOS), async (c) => {
  return ok(c, { table: await listRoles(c.var.ctx.db) });
});

admin.get("/permissions", roles, async (c) => ok(c, { table: await listPermissions(c.var.ctx.db) }));

admin.post("/roles", roles, v("json", roleBody), async (c) => {
  const id = await createRole(c.var.ctx, c.req.valid("json"), actor(c));
  return done(c, 100, { id });
});

admin.put("/roles/:id", roles, v("param", idParam), v("json", roleUpdateBody), async (c) => {
  await updateRole(c.var.ctx, c.req.valid("param").id, c.req.valid("json"), actor(c));
  return done(c, 101);
});

admin.delete("/roles/:id", roles, v("param", idParam), async (c) => {
  await removeRole(c.var.ctx, c.req.valid("param").id, actor(c));
  return done(c, 301);
});

admin.get("/mailbox", users, async (c) => {
  // With real SMTP the messages (and their links) belong to their recipients only.
  if (c.var.ctx.config.smtpUrl) {
    return fail(c, NOT_FOUND, "El buzón local solo existe sin servidor de correo.");
  }
  return ok(c, { table: await listMailbox(c.var.ctx.db) });
});
