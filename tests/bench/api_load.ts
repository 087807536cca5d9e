// `deno task bench`: the API under a crowd of signed-in sessions (issue 18, Throughput). Starts the real
// server (main.ts --dev, API only) on PostgreSQL with the demo data, signs in BENCH_API_SESSIONS sessions
// (half staff, half tenants) and prints:
//   - each signed-in read one at a time (median / p95 of 100 calls after a warm-up);
//   - BENCH_API_SECONDS of load, every session reading in a closed loop (staff: /api/auth/me, the extract
//     catalogue, an extract with If-None-Match, notifications; tenants: /api/auth/me, notifications, the
//     dashboard indicators, closings): requests/s, p50/p95/p99, errors, the server's memory and the CPU
//     per request of the server, PostgreSQL and the generator (what a quiet machine would allow);
//   - the same reads paced at BENCH_API_RATE requests/s in all (default 1000): the latency at that rate.
// Loopback only; every loop is bounded by time. Environment:
//   BENCH_API_PG_URL   default postgres://postgres@127.0.0.1:5432/portal_bench_api (created and seeded once)
//   BENCH_API_SCALE    full (default) or small: the demo data seeded into an empty database
//   BENCH_API_SESSIONS 200;  BENCH_API_SECONDS 20 (per phase);  BENCH_API_RATE 1000

import postgres from "postgres";
import { freePort, spawnServer } from "../helpers/server.ts";
import { pct } from "./analytics_page.ts";
import { apiSignIn, ROOT, runDeno } from "./analytics_server.ts";

const PG_URL = Deno.env.get("BENCH_API_PG_URL") ?? "postgres://postgres@127.0.0.1:5432/portal_bench_api";
const SCALE = Deno.env.get("BENCH_API_SCALE") === "small" ? "small" : "full";
const SESSIONS = Number(Deno.env.get("BENCH_API_SESSIONS") ?? 200);
const SECONDS = Number(Deno.env.get("BENCH_API_SECONDS") ?? 20);
const RATE = Number(Deno.env.get("BENCH_API_RATE") ?? 1000);
const STAFF = ["admin@demo.pe", "staff@demo.pe"];
const TENANTS = ["tenant@demo.pe", "tenant2@demo.pe"];

const loadavg = async () =>
  (await Deno.readTextFile("/proc/loadavg").catch(() => "?")).split(" ").slice(0, 3).join(" ");
const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 1)} ms`;

/** Creates the database when missing (the server's migrations and the seed fill it). */
async function ensureDatabase(url: string): Promise<void> {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = "/postgres";
  const sql = postgres(u.toString(), { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql`select count(*)::int as n from pg_database where datname = ${name}`;
    if (row.n === 0) await sql.unsafe(`create database "${name.replaceAll('"', "")}"`);
  } finally {
    await sql.end();
  }
}

/** Resident memory of the server process (found by its PORT), in MiB; 0 when not found. */
async function serverPid(port: number): Promise<number | null> {
  for await (const e of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    const cmd = await Deno.readTextFile(`/proc/${e.name}/cmdline`).catch(() => "");
    if (!cmd.includes("main.ts")) continue;
    const env = await Deno.readTextFile(`/proc/${e.name}/environ`).catch(() => "");
    if (env.split("\0").includes(`PORT=${port}`)) return Number(e.name);
  }
  return null;
}
async function rssMiB(pid: number | null): Promise<number> {
  if (pid == null) return 0;
  const status = await Deno.readTextFile(`/proc/${pid}/status`).catch(() => "");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const TICKS = 100; // USER_HZ on Linux

/** utime + stime of a process in seconds (0 when it is gone). */
async function cpuOf(pid: number | string): Promise<number> {
  const stat = await Deno.readTextFile(`/proc/${pid}/stat`).catch(() => "");
  if (!stat) return 0;
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12])) / TICKS;
}

/** CPU seconds of the PostgreSQL backends serving the database (their title names it), by pid. */
async function backendsCpu(database: string): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for await (const e of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    const cmd = await Deno.readTextFile(`/proc/${e.name}/cmdline`).catch(() => "");
    if (cmd.startsWith("postgres: ") && cmd.includes(` ${database} `)) {
      out.set(Number(e.name), await cpuOf(e.name));
    }
  }
  return out;
}
const cpuSum = (after: Map<number, number>, before: Map<number, number>) =>
  [...after].reduce((n, [pid, t]) => n + t - (before.get(pid) ?? 0), 0);

interface Call {
  name: string;
  path: string;
  headers?: Record<string, string>;
}

console.log(
  `API load benchmark: ${SESSIONS} sessions, ${SECONDS} s, ${SCALE} demo data on ${
    PG_URL.replace(/\/\/[^@]*@/, "//")
  }, ${navigator.hardwareConcurrency} cores, load ${await loadavg()}`,
);
await ensureDatabase(PG_URL);
await runDeno(["run", "-A", "fixtures/seed_cli.ts"], { DATABASE_URL: PG_URL, SEED_SCALE: SCALE });
const port = freePort();
const server = await spawnServer(
  // No background work competing with the measured requests: extracts are built on first request.
  { DATABASE_URL: PG_URL, SEED: "none", EXTRACT_WARMUP: "0", REMINDER_JOB: "0" },
  { port, args: ["--dev"], timeoutMs: 300_000 },
);
const pid = await serverPid(port);
const url = server.url;
console.log(`server up in ${server.startSeconds.toFixed(1)} s (pid ${pid}), ${ROOT}`);

try {
  // ---- sessions: signed in through the API, a few at a time (the throttle counts sign-ins in flight) ----
  const t0 = performance.now();
  const emails = Array.from({ length: SESSIONS }, (_, i) => (i % 2 ? TENANTS : STAFF)[(i >> 1) % 2]);
  const cookies: string[] = new Array(SESSIONS);
  let next = 0;
  await Promise.all(Array.from({ length: 3 }, async () => {
    while (next < SESSIONS) {
      const i = next++;
      cookies[i] = `sid=${await apiSignIn(url, emails[i])}`;
    }
  }));
  console.log(`${SESSIONS} sessions signed in in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // The extract read with If-None-Match: a small partition, built once here, its ETag then revalidated.
  const staffCookie = cookies[0];
  const cat = await (await fetch(`${url}/api/extracts/catalog`, { headers: { cookie: staffCookie } })).json();
  const names: string[] = cat.data.table.map((e: { partition: string }) => e.partition);
  const part = ["categories", "malls", "contracts"].find((p) => names.includes(p)) ?? names[0];
  const first = await fetch(`${url}/api/extracts/${part}`, { headers: { cookie: staffCookie } });
  await first.body?.cancel();
  const etag = first.headers.get("etag") ?? "";
  const today = String(cat.data.today);
  const monthAgo = new Date(Date.parse(today) - 30 * 86_400_000).toISOString().slice(0, 10);

  const staffCalls: Call[] = [
    { name: "GET /api/auth/me (staff)", path: "/api/auth/me" },
    { name: "GET /api/extracts/catalog", path: "/api/extracts/catalog" },
    {
      name: `GET /api/extracts/${part} (304)`,
      path: `/api/extracts/${part}`,
      headers: { "if-none-match": etag },
    },
    { name: "GET /api/notifications (staff)", path: "/api/notifications" },
  ];
  const tenantCalls: Call[] = [
    { name: "GET /api/auth/me (tenant)", path: "/api/auth/me" },
    { name: "GET /api/notifications (tenant)", path: "/api/notifications" },
    { name: "GET /api/tenant/dashboard/indicators", path: "/api/tenant/dashboard/indicators" },
    {
      name: "GET /api/tenant/closings (30 days)",
      path: `/api/tenant/closings?fechaInicial=${monthAgo}&fechaFinal=${today}`,
    },
  ];
  const callsOf = (i: number) => (i % 2 ? tenantCalls : staffCalls);

  /** One call: its time in ms (from `from`, its intended start when paced), or an error text. */
  const send = async (cookie: string, c: Call, from?: number): Promise<number | string> => {
    const s = from ?? performance.now();
    try {
      const res = await fetch(`${url}${c.path}`, {
        headers: { cookie, ...c.headers },
        signal: AbortSignal.timeout(30_000),
      });
      await res.arrayBuffer();
      const took = performance.now() - s;
      return res.status === 200 || res.status === 304 ? took : `HTTP ${res.status}`;
    } catch (e) {
      return String(e).slice(0, 80);
    }
  };

  // ---- one at a time ----
  console.log("\nOne at a time (100 calls each after 20 warm-up calls): median / p95");
  const health: Call = { name: "GET /api/health (no session)", path: "/api/health" };
  for (
    const [cookie, c] of [
      ["", health] as const,
      ...[0, 1].flatMap((i) => callsOf(i).map((c) => [cookies[i], c] as const)),
    ]
  ) {
    const times: number[] = [];
    for (let k = 0; k < 120; k++) {
      const r = await send(cookie, c);
      if (typeof r === "string") throw new Error(`${c.name}: ${r}`);
      if (k >= 20) times.push(r);
    }
    console.log(
      `  ${c.name.padEnd(46)} ${ms(pct(times, 0.5)).padStart(9)} ${ms(pct(times, 0.95)).padStart(9)}`,
    );
  }

  // ---- load: every session in a closed loop (as fast as answers come), then paced at RATE requests/s ----
  const database = new URL(PG_URL).pathname.slice(1);
  const phase = async (title: string, rate: number | null) => {
    const cpu0 = {
      server: pid ? await cpuOf(pid) : 0,
      db: await backendsCpu(database),
      self: await cpuOf("self"),
    };
    const rssBefore = await rssMiB(pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(async () => {
      rssPeak = Math.max(rssPeak, await rssMiB(pid));
    }, 1_000);
    const latencies: number[] = [];
    const perCall = new Map<string, number[]>();
    const errors = new Map<string, number>();
    const loadStart = performance.now();
    const deadline = loadStart + SECONDS * 1000;
    // Paced: each session sends one request every `period` ms, the sessions spread over the period; a
    // request's time counts from when it was due, so a late generator or server is not hidden.
    const period = rate ? (SESSIONS * 1000) / rate : 0;
    let behind = 0;
    await Promise.all(cookies.map(async (cookie, i) => {
      const calls = callsOf(i);
      for (let k = 0;; k++) {
        const due = rate ? loadStart + (i * period) / SESSIONS + k * period : performance.now();
        if (due >= deadline) break;
        if (performance.now() >= deadline) {
          // The phase's time is up with requests still due: the server (or the generator) fell behind.
          behind += Math.ceil((deadline - due) / period);
          break;
        }
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const c = calls[(k + i) % calls.length];
        const r = await send(cookie, c, rate ? due : undefined);
        if (typeof r === "string") {
          errors.set(`${c.name}: ${r}`, (errors.get(`${c.name}: ${r}`) ?? 0) + 1);
          continue;
        }
        latencies.push(r);
        const list = perCall.get(c.name) ?? [];
        list.push(r);
        perCall.set(c.name, list);
      }
    }));
    const elapsed = (performance.now() - loadStart) / 1000;
    clearInterval(sampler);
    const cpu1 = {
      server: pid ? await cpuOf(pid) : 0,
      db: await backendsCpu(database),
      self: await cpuOf("self"),
    };
    const rssAfter = await rssMiB(pid);
    const nErrors = [...errors.values()].reduce((a, b) => a + b, 0);
    const total = latencies.length + nErrors;
    latencies.sort((a, b) => a - b);
    console.log(
      `\n${title}: ${SESSIONS} sessions for ${elapsed.toFixed(1)} s (load after: ${await loadavg()})`,
    );
    console.log(`  requests/s   ${(total / elapsed).toFixed(0)} (${total} requests)`);
    console.log(
      `  latency      p50 ${ms(pct(latencies, 0.5))}, p95 ${ms(pct(latencies, 0.95))}, p99 ${
        ms(pct(latencies, 0.99))
      }, max ${ms(latencies.at(-1) ?? 0)}`,
    );
    console.log(`  errors       ${nErrors}`);
    if (rate) console.log(`  not sent     ${behind} requests still due when the time was up (fell behind)`);
    for (const [e, n] of errors) console.log(`    ${n} × ${e}`);
    console.log(
      `  server RSS   ${rssBefore.toFixed(0)} MiB before, ${rssPeak.toFixed(0)} MiB peak, ${
        rssAfter.toFixed(0)
      } MiB after`,
    );
    // CPU per request does not depend on what else runs on the machine: 2 idle cores give at most
    // 2,000 ms of CPU a second, so this is the throughput the run implies on a quiet machine.
    const per = (x: number) => (x * 1000) / Math.max(1, total);
    const serverMs = per(cpu1.server - cpu0.server), dbMs = per(cpuSum(cpu1.db, cpu0.db));
    const selfMs = per(cpu1.self - cpu0.self);
    console.log(
      `  CPU/request  server ${serverMs.toFixed(2)} ms, PostgreSQL ${dbMs.toFixed(2)} ms, load generator ${
        selfMs.toFixed(2)
      } ms: ${
        (2000 / (serverMs + dbMs + selfMs)).toFixed(0)
      } req/s on ${navigator.hardwareConcurrency} idle cores`,
    );
    console.log("  per call                                         count      p50      p99");
    for (const [name, xs] of perCall) {
      console.log(
        `    ${name.padEnd(44)} ${String(xs.length).padStart(7)} ${ms(pct(xs, 0.5)).padStart(8)} ${
          ms(pct(xs, 0.99)).padStart(8)
        }`,
      );
    }
  };
  await phase("Load, closed loop (each session sends its next request when the answer came)", null);
  await phase(
    `Load, paced at ${RATE} requests/s (each session one request every ${SESSIONS * 1000 / RATE} ms)`,
    RATE,
  );
} finally {
  await server.stop();
}
