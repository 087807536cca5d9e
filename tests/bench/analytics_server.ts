// The analytics benchmark's server: the real main.ts on the seeded full data (no seeding at start), started
// and stopped by the benchmark (a restart empties the server's memory), and a session made through the API
// so that browser contexts start signed in without driving the login form.

import type { BrowserContext } from "playwright-core";
import { type SpawnedServer, spawnServer } from "../helpers/server.ts";

export const ROOT = new URL("../../", import.meta.url).pathname;

/** Runs a Deno subcommand in the repository root, output shown; throws when it fails. */
export async function runDeno(args: string[], env: Record<string, string>): Promise<void> {
  const s = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT,
    env,
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (!s.success) throw new Error(`deno ${args.join(" ")} failed`);
}

export function startBenchServer(dataDir: string, port?: number): Promise<SpawnedServer> {
  return spawnServer({ DATA_DIR: dataDir, SEED: "none" }, { port, timeoutMs: 300_000 });
}

/** Signs in through the API (a few retries: the machine may be busy) and returns the session cookie. */
export async function apiSignIn(url: string, email: string, password = "Demo-2026"): Promise<string> {
  let last = "";
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const res = await fetch(`${url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
        signal: AbortSignal.timeout(60_000),
      });
      const sid = /sid=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1];
      await res.body?.cancel();
      if (res.ok && sid) return sid;
      last = `HTTP ${res.status}`;
    } catch (e) {
      last = String(e);
    }
    await new Promise((r) => setTimeout(r, 2_000));
  }
  throw new Error(`sign-in of ${email} failed: ${last}`);
}

/** Puts the session cookie into a browser context (it then opens any screen signed in). */
export function useSession(context: BrowserContext, url: string, sid: string): Promise<void> {
  return context.addCookies([{ name: "sid", value: sid, url, httpOnly: true, sameSite: "Lax" }]);
}
