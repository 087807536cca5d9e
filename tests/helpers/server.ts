import type { Db } from "../../services/db.ts";
import { openPglite, openPostgres } from "../../services/db.ts";
import { copyDir, freshPostgresDatabase, postgresAvailable, seededServerDir } from "./db.ts";
import { TextLineStream } from "./lines.ts";

export interface RunningServer {
  url: string;
  dataDir: string;
  /**
   * The server's database, for the test to read what the server stored: PostgreSQL is read beside the running
   * server; an embedded PGlite folder has one owner, so the server is ended first. Close it when done.
   */
  storedDb(): Promise<Db>;
  /** Ends the process (if still running) and removes its data directory. */
  stop(): Promise<void>;
}

export function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

export interface SpawnedServer {
  url: string;
  /** Every line the server printed so far. */
  log: string[];
  /** Seconds from spawn to 'Portal listo'. */
  startSeconds: number;
  /** The process id (the fault drill kills it outright). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Runs main.ts on the port with the environment given and waits for 'Portal listo'. `args` go to main.ts
 * (`--dev` serves the API only, without building or serving the interface).
 */
export async function spawnServer(
  env: Record<string, string>,
  opts: { port?: number; timeoutMs?: number; args?: string[] } = {},
): Promise<SpawnedServer> {
  const port = opts.port ?? freePort();
  const t0 = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts", ...(opts.args ?? [])],
    cwd: new URL("../../", import.meta.url).pathname,
    env: { PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: "", ...env },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const log: string[] = [];
  const ready = Promise.withResolvers<void>();
  const pump = async (stream: ReadableStream<Uint8Array<ArrayBuffer>>) => {
    for await (const line of stream.pipeThrough(new TextDecoderStream()).pipeThrough(new TextLineStream())) {
      log.push(line);
      if (line.includes("Portal listo")) ready.resolve();
    }
  };
  const pumps = [pump(child.stdout), pump(child.stderr)];
  const stop = async () => {
    try {
      child.kill("SIGTERM");
    } catch { /* already gone */ }
    await child.status;
    await Promise.allSettled(pumps);
  };
  const timer = setTimeout(
    () => ready.reject(new Error(`server did not start:\n${log.join("\n")}`)),
    opts.timeoutMs ?? 180_000,
  );
  child.status.then((s) => ready.reject(new Error(`server exited ${s.code}:\n${log.join("\n")}`)));
  try {
    await ready.promise;
  } catch (e) {
    await stop();
    throw e;
  } finally {
    clearTimeout(timer);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    startSeconds: (performance.now() - t0) / 1000,
    pid: child.pid,
    stop,
  };
}

/**
 * Starts the real server process (main.ts) on a free port with a database of its own holding the seeded small
 * set with its extracts built (tests/helpers/db.ts): a PostgreSQL database copied from the served template
 * when PostgreSQL answers, else a copy of the served PGlite folder. Each test file thus has its own data
 * without seeding it or building its report extracts again. `prepare` changes that data before the server
 * opens it (a letter made to expire, say).
 */
export async function startServer(
  opts: {
    env?: Record<string, string>;
    prepare?: (db: Db) => Promise<void>;
    /** On the embedded PGlite even where PostgreSQL answers: the deployment's default, for the tests of it. */
    embedded?: boolean;
  } = {},
): Promise<RunningServer> {
  // Uploaded files and the mail outbox's attachments live under DATA_DIR whatever the database.
  const dataDir = await Deno.makeTempDir({ prefix: "portal_test_" });
  const cleanups: (() => Promise<void>)[] = [() => Deno.remove(dataDir, { recursive: true }).catch(() => {})];
  const cleanup = async () => {
    for (const c of cleanups.reverse()) await c();
  };
  try {
    const env: Record<string, string> = { DATA_DIR: dataDir };
    if (!opts.embedded && (await postgresAvailable())) {
      const fresh = await freshPostgresDatabase({ served: true });
      cleanups.push(fresh.drop);
      env.DATABASE_URL = fresh.url;
      if (opts.prepare) await withDb(openPostgres(fresh.url, { max: 1 }), opts.prepare);
    } else {
      await copyDir(await seededServerDir(), dataDir);
      if (opts.prepare) await withDb(await openPglite(dataDir), opts.prepare);
    }
    const server = await spawnServer({
      ...env,
      SEED_SCALE: "small",
      // No background extract builds competing with the test's requests (tests/api/extracts_test.ts covers
      // them).
      EXTRACT_WARMUP: "0",
      // No closing reminders mailed and put in bells behind the tests' backs (tests/api/lista_roja_test.ts
      // runs the job with a fixed clock).
      REMINDER_JOB: "0",
      ...opts.env,
    });
    return {
      url: server.url,
      dataDir,
      async storedDb() {
        if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL, { max: 1 });
        await server.stop();
        return await openPglite(dataDir);
      },
      async stop() {
        await server.stop();
        await cleanup();
      },
    };
  } catch (e) {
    await cleanup();
    throw e;
  }
}

async function withDb(db: Db, fn: (db: Db) => Promise<void>) {
  try {
    await fn(db);
  } finally {
    await db.close();
  }
}
