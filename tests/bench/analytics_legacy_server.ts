// The older way as a server process of its own (so the benchmark reads its CPU time from /proc): the
// legacy answers of analytics_legacy.ts on the PostgreSQL named by BENCH_PG_URL, on 127.0.0.1:PORT, for the
// day TODAY. Prints 'legacy ready' once listening; stops on SIGTERM.

import { openPostgres } from "../../services/db.ts";
import { serveLegacy } from "./analytics_legacy.ts";

const url = Deno.env.get("BENCH_PG_URL");
const port = Number(Deno.env.get("PORT"));
const today = Deno.env.get("TODAY") ?? "";
if (!url || !port || !/^\d{4}-\d{2}-\d{2}$/.test(today)) {
  throw new Error("Cannot start: BENCH_PG_URL, PORT and TODAY");
}
const db = openPostgres(url);
const server = serveLegacy(db, today, port);
// One query first, so the connection pool's start is not timed.
await db.query("select 1");
console.log("legacy ready");
Deno.addSignalListener("SIGTERM", async () => {
  await server.stop();
  await db.close();
  Deno.exit(0);
});
