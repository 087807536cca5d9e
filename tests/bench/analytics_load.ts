// The older way under load, for `deno task bench`: a legacy server process (analytics_legacy_server.ts) on
// the PostgreSQL of BENCH_PG_URL answers the same Ventas Mensual and Venta General changes as the browser,
// for 1, 5 and 20 simulated users issuing changes back to back (loopback only, each level a bounded time).
// Per level: the median and 95th percentile latency of a change and the CPU seconds the server process and
// the PostgreSQL backends of its database spent per change (from /proc).

import { freePort } from "../helpers/server.ts";
import { pct } from "./analytics_page.ts";

const TICKS = 100; // USER_HZ on Linux

/** utime + stime of a process in seconds (0 when it is gone). */
async function cpuOf(pid: number): Promise<number> {
  const stat = await Deno.readTextFile(`/proc/${pid}/stat`).catch(() => "");
  if (!stat) return 0;
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12])) / TICKS;
}

/** CPU seconds of the PostgreSQL backends serving the database (their title names it). */
async function backendsCpu(database: string): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for await (const e of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    const cmd = await Deno.readTextFile(`/proc/${e.name}/cmdline`).catch(() => "");
    if (cmd.startsWith("postgres: ") && cmd.includes(` ${database} `)) {
      out.set(Number(e.name), await cpuOf(Number(e.name)));
    }
  }
  return out;
}

export interface LoadLevel {
  users: number;
  changes: number;
  median: number;
  p95: number;
  /** CPU seconds per change: the legacy server process, the PostgreSQL backends. */
  serverCpu: number;
  dbCpu: number;
}

/** A change: the requests a screen's filter change makes the older way (sent at once). */
export type Change = string[];

/** Runs the legacy server, then each level of users for `seconds`, changes taken in turn from `changes`. */
export async function loadLevels(opts: {
  pgUrl: string;
  today: string;
  changes: Change[];
  users: number[];
  seconds: number;
}): Promise<LoadLevel[]> {
  const port = freePort();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "tests/bench/analytics_legacy_server.ts"],
    cwd: new URL("../../", import.meta.url).pathname,
    env: { BENCH_PG_URL: opts.pgUrl, PORT: String(port), TODAY: opts.today },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  while (!seen.includes("legacy ready")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("Cannot start the legacy server: it exited");
    seen += value;
  }
  const database = new URL(opts.pgUrl).pathname.slice(1);
  const base = `http://127.0.0.1:${port}`;
  const one = async (urls: Change) => {
    const t0 = performance.now();
    await Promise.all(urls.map(async (u) => {
      const body = await (await fetch(`${base}${u}`)).json();
      if (!body.success) throw new Error(`legacy ${u}: ${JSON.stringify(body).slice(0, 200)}`);
    }));
    return performance.now() - t0;
  };
  try {
    // Warm-up: every change once (plans, caches), not timed.
    for (const c of opts.changes) await one(c);
    const levels: LoadLevel[] = [];
    for (const users of opts.users) {
      const cpu0 = await cpuOf(child.pid), db0 = await backendsCpu(database);
      const until = performance.now() + opts.seconds * 1000;
      const times: number[] = [];
      let next = 0;
      await Promise.all(Array.from({ length: users }, async () => {
        while (performance.now() < until) times.push(await one(opts.changes[next++ % opts.changes.length]));
      }));
      const cpu1 = await cpuOf(child.pid), db1 = await backendsCpu(database);
      let db = 0;
      for (const [pid, t] of db1) db += t - (db0.get(pid) ?? 0);
      levels.push({
        users,
        changes: times.length,
        median: pct(times, 0.5),
        p95: pct(times, 0.95),
        serverCpu: (cpu1 - cpu0) / times.length,
        dbCpu: db / times.length,
      });
    }
    return levels;
  } finally {
    child.kill("SIGTERM");
    await child.status;
    await reader.cancel().catch(() => {});
  }
}
