// `deno task fault-drill` (issue 42, item 7): the portal while its database goes away and comes back.
//
// PostgreSQL: the server (main.ts --dev) on a throwaway copy of the seeded small set; FAULT_READERS staff
// sessions read (one call a second each) while FAULT_TENANTS tenants register their closings one day after
// another; PostgreSQL at 127.0.0.1:5432 is stopped for FAULT_STOP_SECONDS and started again
// (pg_ctlcluster), and the drill measures how the server answered meanwhile, how long after PostgreSQL's
// return it answered again, and counts every acknowledged closing against the database.
// PGlite: the server on a copy of the seeded folder, killed (SIGKILL) while tenants register, started again;
// every acknowledged closing must still be there.
//
// It stops the machine's shared PostgreSQL: run it when nobody else's tests use it. PostgreSQL is started
// again whatever happens (error, Ctrl-C). `--pglite` runs the PGlite half alone.
// Environment: FAULT_READERS 200, FAULT_TENANTS 20, FAULT_STOP_SECONDS 10.
import "../helpers/test_env.ts";
import { limaDate } from "../../services/clock.ts";
import { type Db, openPglite, openPostgres } from "../../services/db.ts";
import { copyDir, freshPostgresDatabase, PG_ADMIN_URL, seededPgliteDir } from "../helpers/db.ts";
import { spawnServer } from "../helpers/server.ts";
import {
  addDaysIso,
  type Counted,
  countWrites,
  DRILL_PASSWORD,
  prepareTenants,
  readLoop,
  signIn,
  Tally,
  writeLoop,
} from "./fault_load.ts";

const READERS = Number(Deno.env.get("FAULT_READERS") ?? 200);
const TENANTS = Number(Deno.env.get("FAULT_TENANTS") ?? 20);
const STOP_SECONDS = Number(Deno.env.get("FAULT_STOP_SECONDS") ?? 10);
const DAYS = 150;
const SERVER_ENV = { SEED: "none", EXTRACT_WARMUP: "0", REMINDER_JOB: "0", PASSWORD_HASH_COST: "test" };
const today = limaDate(new Date());
const from = addDaysIso(today, -DAYS);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const secs = (ms: number) => (ms / 1000).toFixed(1);

async function pgctl(action: "stop" | "start"): Promise<boolean> {
  let version = "";
  for await (const e of Deno.readDir("/etc/postgresql")) if (e.isDirectory) version = e.name;
  const out = await new Deno.Command("pg_ctlcluster", {
    args: ["--skip-systemctl-redirect", version, "main", action],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) console.error(`pg_ctlcluster ${action}: ${new TextDecoder().decode(out.stderr).trim()}`);
  return out.success;
}

/** Whether PostgreSQL accepts a query (a connection of its own, not the server's). */
async function postgresAnswers(): Promise<boolean> {
  const db = openPostgres(PG_ADMIN_URL, { max: 1 });
  try {
    await db.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await db.close().catch(() => {});
  }
}

let postgresStopped = false;
/** Starts PostgreSQL again if the drill stopped it, until it answers. */
async function ensurePostgresUp(): Promise<void> {
  if (!postgresStopped) return;
  for (let i = 0; i < 10 && !(await postgresAnswers()); i++) {
    await pgctl("start");
    await sleep(500);
  }
  postgresStopped = false;
}
Deno.addSignalListener("SIGINT", async () => {
  await ensurePostgresUp();
  Deno.exit(130);
});

async function signInAll(url: string, emails: string[], password: string): Promise<string[]> {
  const out: string[] = new Array(emails.length);
  let next = 0;
  await Promise.all(Array.from({ length: 4 }, async () => {
    while (next < emails.length) {
      const i = next++;
      out[i] = await signIn(url, emails[i], password);
    }
  }));
  return out;
}

function countsTable(c: Counted): string[] {
  return [
    `acknowledged closings (days): ${c.acknowledged}`,
    `stored days: ${c.stored} (stored without an acknowledgement: ${c.storedUnacknowledged})`,
    `lost: ${c.lost}, doubled: ${c.doubled}, half-written days: ${c.partial}`,
  ];
}

async function postgresDrill(): Promise<string[]> {
  const fresh = await freshPostgresDatabase();
  const db = openPostgres(fresh.url, { max: 2 });
  const tenants = await prepareTenants(db, today, TENANTS, DAYS);
  const server = await spawnServer({ ...SERVER_ENV, DATABASE_URL: fresh.url }, { args: ["--dev"] });
  const report: string[] = [];
  try {
    const staff = ["staff@demo.pe", "admin@demo.pe", "comercialmatriz@demo.pe", "gerencia@demo.pe"];
    const t0 = performance.now();
    const readers = await signInAll(
      server.url,
      Array.from({ length: READERS }, (_, i) => staff[i % staff.length]),
      "Demo-2026",
    );
    const writers = await signInAll(server.url, tenants.map((t) => t.email), DRILL_PASSWORD);
    console.log(`${READERS + TENANTS} sessions signed in in ${secs(performance.now() - t0)} s`);

    let phase: "before" | "outage" | "after" = "before";
    const tallies = { before: new Tally(), outage: new Tally(), after: new Tally() };
    let done = false;
    const stop = () => done;
    const current = () => tallies[phase];
    const reading = readers.map((s) => readLoop(server.url, s, current, stop, 1000));
    // Paced so that every tenant still has days to register when PostgreSQL stops and after it returns.
    const writing = writers.map((s) => writeLoop(server.url, s, current, stop, 500));

    await sleep(5000);
    const logBefore = server.log.length;
    phase = "outage";
    const tStop = performance.now();
    // FAULT_STOP_SECONDS=0: the drill without the fault, to try it without disturbing the shared PostgreSQL.
    if (STOP_SECONDS > 0) {
      postgresStopped = true;
      if (!(await pgctl("stop"))) throw new Error("could not stop PostgreSQL");
      console.log(`PostgreSQL stopped (${secs(performance.now() - tStop)} s to stop)`);
      await sleep(STOP_SECONDS * 1000);
      await pgctl("start");
    }
    while (!(await postgresAnswers())) await sleep(100);
    postgresStopped = false;
    const tBack = performance.now();
    console.log(`PostgreSQL answers again, ${secs(tBack - tStop)} s after the stop`);
    let recovered = 0;
    while (!recovered && performance.now() - tBack < 30_000) {
      const r = await fetch(`${server.url}/api/health`).catch(() => null);
      await r?.body?.cancel();
      if (r?.status === 200) recovered = performance.now() - tBack;
      else await sleep(50);
    }
    phase = "after";
    await sleep(10_000);
    done = true;
    await Promise.all(reading);
    const logs = await Promise.all(writing);
    const outageLog = server.log.slice(logBefore);
    const stackLines = outageLog.filter((l) => /^\s+at /.test(l)).length;
    const counted = await countWrites(db, tenants, logs, from);

    report.push(
      `PostgreSQL drill: ${READERS} reading sessions + ${TENANTS} tenants registering closings; PostgreSQL stopped ${STOP_SECONDS} s`,
      ...(["before", "outage", "after"] as const).map((p) =>
        `${p}: ${tallies[p].summary()}; hung (>15 s): ${tallies[p].hung}; slowest ${
          secs(tallies[p].slowest)
        } s` +
        (p === "outage" ? `; 503 not the envelope: ${tallies[p].badEnvelopes}` : "")
      ),
      `server answered /api/health 200 again ${secs(recovered)} s after PostgreSQL accepted connections` +
        (recovered ? "" : " (NOT within 30 s)"),
      `server log during and after the outage: ${outageLog.length} lines, ${stackLines} stack-trace lines`,
      ...outageLog.filter((l) => l.startsWith("[db]")).map((l) => `  ${l}`),
      `tenants' 449 'already registered' after a lost answer: ${
        logs.reduce((n, l) => n + l.alreadyRegistered, 0)
      }; other refusals: ${logs.flatMap((l) => l.other).length}`,
      ...countsTable(counted),
    );
  } finally {
    await ensurePostgresUp();
    await server.stop();
    await db.close();
    await fresh.drop();
  }
  return report;
}

async function pgliteDrill(): Promise<string[]> {
  const dir = await Deno.makeTempDir({ prefix: "portal_fault_" });
  try {
    await copyDir(await seededPgliteDir(), dir);
    let db: Db = await openPglite(dir);
    const tenants = await prepareTenants(db, today, 5, DAYS);
    await db.close();
    const env = { ...SERVER_ENV, DATA_DIR: dir };
    let server = await spawnServer(env, { args: ["--dev"] });
    const writers = await signInAll(server.url, tenants.map((t) => t.email), DRILL_PASSWORD);
    const tally = new Tally();
    let killed = false;
    const writing = writers.map((s) => writeLoop(server.url, s, () => tally, () => killed, 0));
    await sleep(5000);
    Deno.kill(server.pid, "SIGKILL");
    killed = true;
    const logs = await Promise.all(writing);
    await server.stop();
    const t0 = performance.now();
    server = await spawnServer(env, { args: ["--dev"] });
    const restart = performance.now() - t0;
    const health = await fetch(`${server.url}/api/health`);
    await health.body?.cancel();
    // The folder has one owner: the restarted server is ended before the drill reads it.
    await server.stop();
    db = await openPglite(dir);
    const counted = await countWrites(db, tenants, logs, from);
    await db.close();
    return [
      `PGlite drill: 5 tenants registering closings, the server killed (SIGKILL) after 5 s, in the middle of their writes, and started again`,
      `answers before the kill: ${tally.summary()}`,
      `restarted in ${secs(restart)} s, /api/health ${health.status}`,
      ...countsTable(counted),
    ];
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

const report: string[] = [];
try {
  if (!Deno.args.includes("--pglite")) report.push(...await postgresDrill(), "");
  report.push(...await pgliteDrill());
} finally {
  await ensurePostgresUp();
}
console.log(`\n${report.join("\n")}`);
const failed = report.some((l) =>
  /lost: [1-9]|doubled: [1-9]|NOT within|hung \(>15 s\): [1-9]|envelope: [1-9]/.test(l)
);
Deno.exit(failed ? 1 : 0);
