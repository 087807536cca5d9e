// The database out of reach (PostgreSQL restarting, its host down): requests answer a 503 envelope
// (routes/app.ts) and the log says so once per outage, not with a stack trace per request (issue 42, item 7).
// postgres.js opens connections again by itself on the next query, so nothing here reconnects.

/** Codes of a database that cannot be reached right now, as opposed to a query that failed. */
const UNREACHABLE_CODES = new Set([
  // postgres.js and the socket
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  // PostgreSQL: shutting down, crashed, starting up or in recovery
  "57P01",
  "57P02",
  "57P03",
]);

/** Whether an error means the database is unreachable (SQLSTATE class 08 or a code above). */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

let downSince: number | null = null;
/** Whether the current outage was logged (a failure just after a return is the same restart's tail). */
let logged = false;
let quietUntil = 0;
const QUIET_MS = 10_000;

/** Notes a failure that isDatabaseUnavailable; logs one line when an outage starts. */
export function noteUnavailable(err: unknown): void {
  const now = Date.now();
  if (downSince === null) downSince = now;
  // The database answering some connections and refusing others while it starts is one outage, not many.
  if (logged || (now < quietUntil && now - downSince < QUIET_MS)) return;
  logged = true;
  const code = (err as { code?: unknown })?.code ?? "?";
  console.error(`[db] The database cannot be reached (${String(code)}): answering 503 until it is back`);
}

/** Notes a query that reached the database; logs the end of an outage that was logged. */
export function noteAvailable(): void {
  if (downSince === null) return;
  const seconds = ((Date.now() - downSince) / 1000).toFixed(1);
  if (logged) console.error(`[db] The database is reachable again (${seconds} s after the first failure)`);
  downSince = null;
  logged = false;
  quietUntil = Date.now() + QUIET_MS;
}

/** Forgets earlier outages (a test that makes one starts from a process that has seen none). */
export function forgetOutages(): void {
  downSince = null;
  logged = false;
  quietUntil = 0;
}

/** Logs a failed background job: one line per outage when the database is away, the error otherwise. */
export function logJobFailure(what: string, err: unknown): void {
  if (isDatabaseUnavailable(err)) noteUnavailable(err);
  else console.error(what, err);
}

let guarded = false;

/**
 * postgres.js 3.4.9 sends a transaction's rollback on a connection whose socket has just closed (begin()'s
 * scope rolls back after the connection already rejected the transaction): its deferred write then throws
 * "Cannot read properties of null (reading 'write')" from a timer, which would end the process, and leaves
 * that connection's write buffer stuck. The process stays up, and `renew` replaces the pools that lost the
 * database.
 */
export function guardClosedConnections(renew: () => void): void {
  if (guarded) return;
  guarded = true;
  globalThis.addEventListener("error", (e) => {
    const err = e.error;
    if (
      err instanceof TypeError && /reading 'write'/.test(err.message) &&
      /postgres[@/].*connection\.js/.test(err.stack ?? "")
    ) {
      e.preventDefault();
      console.error("[db] A connection closed under a transaction: the pool is replaced");
      renew();
    }
  });
}
