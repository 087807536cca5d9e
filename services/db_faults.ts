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

/** Notes a failure that isDatabaseUnavailable; logs one line when an outage starts. */
export function noteUnavailable(err: unknown): void {
  if (downSince !== null) return;
  downSince = Date.now();
  const code = (err as { code?: unknown })?.code ?? "?";
  console.error(`[db] The database cannot be reached (${String(code)}): answering 503 until it is back`);
}

/** Notes a query that reached the database; logs one line when it ends an outage. */
export function noteAvailable(): void {
  if (downSince === null) return;
  const seconds = ((Date.now() - downSince) / 1000).toFixed(1);
  downSince = null;
  console.error(`[db] The database is reachable again (${seconds} s after the first failure)`);
}

/** Whether an outage is under way (for tests and the health answer). */
export const databaseDown = () => downSince !== null;

/** Logs a failed background job: one line per outage when the database is away, the error otherwise. */
export function logJobFailure(what: string, err: unknown): void {
  if (isDatabaseUnavailable(err)) noteUnavailable(err);
  else console.error(what, err);
}
