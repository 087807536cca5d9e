// The two closing locks: 'Bloquear Cierres' (BLOQUEAR_CIERRES, spec 3 section 2.2) and the month close of
// the admin utilities (SUPERADMIN_CONFIG, spec 2). services/closing_locks.ts holds the rule they feed.

import { Hono } from "hono";
import {
  LOCK_DONE,
  lockClosingsBody,
  MONTH_LOCKED,
  MONTH_UNLOCKED,
  monthLockBody,
  monthQuery,
} from "#contract/closing_locks.ts";
import { P } from "#contract/permissions.ts";
import { closingLockStatus, lockClosings, monthLockStatus, setMonthLock } from "../services/closing_locks.ts";
import { ok } from "./envelope.ts";
import type { AppEnv } from "./env.ts";
import { requirePermission } from "./middleware.ts";
import { v } from "./validate.ts";

const locker = requirePermission(P.BLOQUEAR_CIERRES);
const superadmin = requirePermission(P.SUPERADMIN_CONFIG);

export const closingLocks = new Hono<AppEnv>();

closingLocks.get("/", locker, async (c) => ok(c, await closingLockStatus(c.var.ctx)));

closingLocks.post("/", locker, v("json", lockClosingsBody), async (c) => {
  const s = c.var.session!;
  return ok(
    c,
    await lockClosings(c.var.ctx, { userId: s.userId, ip: c.var.ip }, c.req.valid("json").fecha),
    LOCK_DONE,
  );
});

closingLocks.get("/month", superadmin, v("query", monthQuery), async (c) => {
  return ok(c, await monthLockStatus(c.var.ctx, c.req.valid("query").cierreMes));
});

closingLocks.post("/month", superadmin, v("json", monthLockBody), async (c) => {
  const s = c.var.session!;
  const body = c.req.valid("json");
  const r = await setMonthLock(
    c.var.ctx,
    { userId: s.userId, ip: c.var.ip },
    body.cierreMes,
    body.bloquear,
  );
  return ok(c, r, body.bloquear ? MONTH_LOCKED : MONTH_UNLOCKED);
});
