import type { Queryable } from "./db.ts";
import { AppError, THROTTLED } from "./errors.ts";

const WINDOW_MS = 15 * 60_000;
export const THROTTLE_LIMITS = { account: 5, address: 30 } as const;

export const throttleKeys = (email: string, ip: string) => ({
  account: `acct:${email.toLowerCase()}`,
  address: `ip:${ip}`,
});

/** Refuses a sign-in attempt while the account or the address is locked out. */
export async function assertNotThrottled(q: Queryable, keys: string[], now: Date): Promise<void> {
  const locked = await q.query(
    "select 1 from login_throttle where key = any($1) and locked_until > $2",
    [keys, now],
  );
  if (locked.length > 0) throw new AppError(THROTTLED);
}

/** Counts a failed sign-in; the limit-th failure inside the window locks the key for the window. */
export async function recordFailure(q: Queryable, key: string, limit: number, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  await q.query(
    `insert into login_throttle as t (key, failures, window_start) values ($1, 1, $2)
     on conflict (key) do update set
       failures = case when t.window_start <= $3 then 1 else t.failures + 1 end,
       window_start = case when t.window_start <= $3 then $2 else t.window_start end,
       locked_until = case when t.window_start > $3 and t.failures + 1 >= $4 then $5 else t.locked_until end`,
    [key, now, windowStart, limit, new Date(now.getTime() + WINDOW_MS)],
  );
}

export async function clearFailures(q: Queryable, key: string): Promise<void> {
  await q.query("delete from login_throttle where key = $1", [key]);
}
