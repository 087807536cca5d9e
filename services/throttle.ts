import type { Queryable } from "./db.ts";
import { AppError, THROTTLED } from "./errors.ts";

const WINDOW_MS = 15 * 60_000;
export const THROTTLE_LIMITS = { account: 5, address: 30 } as const;

export const throttleKeys = (email: string, ip: string) => ({
  account: `acct:${email.toLowerCase()}`,
  address: `ip:${ip}`,
});

/**
 * Counts one sign-in attempt on a key and answers whether it may be evaluated, in one statement: the row
 * lock of `insert … on conflict` orders parallel attempts (in one process or several on one database), so
 * of a burst only the first `limit` inside the window get through. The limit-th attempt locks the key for
 * the window; attempts while locked are counted but change nothing else. A success gives its count back
 * (`forgiveAttempt`), so only failures and attempts still in flight count.
 */
export async function countAttempt(q: Queryable, key: string, limit: number, now: Date): Promise<boolean> {
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  const lockUntil = new Date(now.getTime() + WINDOW_MS);
  const [row] = await q.query<{ failures: number }>(
    `insert into login_throttle as t (key, failures, window_start, locked_until)
     values ($1, 1, $2, case when $4::int <= 1 then $5::timestamptz end)
     on conflict (key) do update set
       failures = case
         when t.locked_until > $2 then t.failures + 1
         when t.window_start <= $3 or t.locked_until is not null then 1
         else t.failures + 1 end,
       window_start = case
         when t.locked_until > $2 then t.window_start
         when t.window_start <= $3 or t.locked_until is not null then $2
         else t.window_start end,
       locked_until = case
         when t.locked_until > $2 then t.locked_until
         when t.window_start <= $3 or t.locked_until is not null then case when $4::int <= 1 then $5::timestamptz end
         when t.failures + 1 >= $4::int then $5::timestamptz
         else null end
     returning failures`,
    [key, now, windowStart, limit, lockUntil],
  );
  return row.failures <= limit;
}

/** Counts the attempt on every key; refuses it (437) when any key is over its limit. */
export async function assertAttemptAllowed(
  q: Queryable,
  keys: { key: string; limit: number }[],
  now: Date,
): Promise<void> {
  const allowed = await Promise.all(keys.map((k) => countAttempt(q, k.key, k.limit, now)));
  if (allowed.includes(false)) throw new AppError(THROTTLED);
}

/** Gives back the count of a successful attempt; it unlocks the key when that count had locked it. */
export async function forgiveAttempt(q: Queryable, key: string, limit: number): Promise<void> {
  await q.query(
    `update login_throttle set failures = failures - 1,
       locked_until = case when failures - 1 < $2 then null else locked_until end
     where key = $1 and failures > 0`,
    [key, limit],
  );
}

export async function clearFailures(q: Queryable, key: string): Promise<void> {
  await q.query("delete from login_throttle where key = $1", [key]);
}
