import { Hono } from "hono";
import { notificationsFor } from "../services/notifications.ts";
import { ok } from "./envelope.ts";
import type { AppEnv } from "./env.ts";
import { requireSession } from "./middleware.ts";

/** The bell of the layout: the notification groups the user's role may see (an array in data). */
export const notifications = new Hono<AppEnv>();

notifications.get("/", requireSession, async (c) => ok(c, await notificationsFor(c.var.ctx, c.var.session)));
