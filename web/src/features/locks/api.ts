// The closing locks' calls (contract/closing_locks.ts).
import {
  CLOSING_LOCK_API,
  type ClosingLockStatus,
  type LockClosingsBody,
  type MonthLockBody,
  type MonthLockStatus,
} from "#contract/closing_locks.ts";
import { post } from "../../lib/api.ts";
import { readQuery } from "../../lib/queries.ts";

export const LOCKS_KEY = ["closing-locks"] as const;

export const closingLockQuery = readQuery<ClosingLockStatus>(
  [...LOCKS_KEY, "closings"],
  CLOSING_LOCK_API.closings,
  0,
);

export const monthLockQuery = (cierreMes: string) =>
  readQuery<MonthLockStatus>(
    [...LOCKS_KEY, "month", cierreMes],
    `${CLOSING_LOCK_API.month}?cierreMes=${encodeURIComponent(cierreMes)}`,
    0,
  );

export const lockClosings = (body: LockClosingsBody) =>
  post<ClosingLockStatus>(CLOSING_LOCK_API.closings, body);
export const setMonthLock = (body: MonthLockBody) => post<MonthLockStatus>(CLOSING_LOCK_API.month, body);
