// The README's test command: prepares what the tests need, runs every test, ends with 'N passed, N failed'.
import { openPostgres } from "../services/db.ts";
import { PG_ADMIN_URL, postgresAvailable } from "./helpers/db.ts";

const deno = Deno.execPath();

async function run(cmd: string, args: string[], env: Record<string, string> = {}) {
  const p = new Deno.Command(cmd, { args, env, stdout: "inherit", stderr: "inherit" }).spawn();
  return (await p.status).success;
}

async function ensureChromium() {
  const path = "/usr/bin/chromium";
  if (await Deno.stat(path).then(() => true, () => false)) return;
  console.log("Instalando chromium de Debian para las pruebas de navegador…");
  const env = { DEBIAN_FRONTEND: "noninteractive" };
  const ok = (await run("apt-get", ["update", "-qq"], env)) &&
    (await run("apt-get", ["install", "-y", "-qq", "chromium", "fonts-dejavu-core"], env));
  if (!ok) console.error("No se pudo instalar chromium: las pruebas de navegador fallarán.");
}

await ensureChromium();
if (!(await run(deno, ["run", "-A", "web/build.ts"]))) Deno.exit(1);

const args = Deno.args.length ? Deno.args : ["tests/"];
const child = new Deno.Command(deno, {
  args: ["test", "-A", "--permit-no-files", ...args],
  env: { NO_COLOR: "1" },
  stdout: "piped",
  stderr: "inherit",
}).spawn();

let summary = "";
const decoder = new TextDecoder();
for await (const chunk of child.stdout) {
  const text = decoder.decode(chunk, { stream: true });
  await Deno.stdout.write(chunk);
  summary = (summary + text).slice(-4000);
}
const status = await child.status;
const passed = Number(
  /(\d+) passed/.exec(summary.split("\n").filter((l) => /passed.*failed/.test(l)).pop() ?? "")?.[1] ?? 0,
);
const failedLine = summary.split("\n").filter((l) => /passed.*failed/.test(l)).pop() ?? "";
const failed = Number(/(\d+) failed/.exec(failedLine)?.[1] ?? (status.success ? 0 : 1));
await dropTestDatabases();
console.log(`\n${passed} passed, ${failed} failed`);
Deno.exit(status.success && passed > 0 ? 0 : 1);

/** The PostgreSQL databases the run made (the template each test database was copied from). */
async function dropTestDatabases() {
  if (!(await postgresAvailable())) return;
  const admin = openPostgres(PG_ADMIN_URL);
  const rows = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname like 'portal\\_test\\_%'",
  );
  for (const r of rows) await admin.exec(`drop database if exists ${r.datname} with (force)`);
  await admin.close();
}
