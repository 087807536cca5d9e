// Work that follows an answer instead of delaying it: the answer's time must not depend on it (a password
// reset for a known account answers as fast as for an unknown one). It runs in this process right after the
// answer; shutdown and the tests wait for it with `backgroundSettled`.

import { logJobFailure } from "./db_faults.ts";

const pending = new Set<Promise<void>>();

/** Runs `work` once the current answer has gone out; a failure is logged, never thrown at a caller. */
export function afterAnswer(name: string, work: () => Promise<void>): void {
  const p: Promise<void> = new Promise<void>((resolve) => setTimeout(resolve, 0))
    .then(work)
    .catch((e) => logJobFailure(`[${name}] Cannot finish background work:`, e))
    .finally(() => pending.delete(p));
  pending.add(p);
}

/** Resolves when no background work is left (including work started by the work that was pending). */
export async function backgroundSettled(): Promise<void> {
  while (pending.size) await Promise.allSettled([...pending]);
}
