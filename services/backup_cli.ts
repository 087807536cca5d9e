// `deno task backup [--to=DIR] [--keep=N]`: a backup of the database the server uses (DATABASE_URL, else the
// embedded PGlite under DATA_DIR) and of DATA_DIR/uploads, as a new folder under DIR (default ./backups);
// --keep=N then removes all but the newest N backups there. `deno task restore FOLDER`: brings a backup back
// into an empty database (a new PostgreSQL database, or an empty DATA_DIR). See services/backup.ts.
import { backup, restore } from "./backup.ts";
import { loadConfig } from "./config.ts";

const option = (name: string) => Deno.args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const config = loadConfig();
const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`;

async function prune(destination: string, keep: number): Promise<string[]> {
  const names: string[] = [];
  for await (const e of Deno.readDir(destination)) {
    if (e.isDirectory && /^portal-(pglite|postgres)-\d{8}-\d{6}$/.test(e.name)) names.push(e.name);
  }
  // Named by their UTC time, so the names sort by age.
  const old = names.sort().slice(0, Math.max(0, names.length - keep));
  for (const n of old) await Deno.remove(`${destination}/${n}`, { recursive: true });
  return old;
}

try {
  const t0 = performance.now();
  const seconds = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
  if (Deno.args[0] === "restore") {
    const folder = Deno.args[1];
    if (!folder) throw new Error("usage: deno task restore BACKUP_FOLDER");
    const m = await restore(config, folder);
    console.log(`restored ${folder} (${m.kind}, taken ${m.createdAt}) into ${where} in ${seconds()}`);
  } else {
    const destination = option("to") ?? "./backups";
    const keep = option("keep");
    if (keep !== undefined && !/^[1-9]\d*$/.test(keep)) throw new Error("--keep must be a positive integer");
    const folder = await backup(config, destination);
    console.log(`backup of ${where} written to ${folder} in ${seconds()}`);
    if (keep) {
      for (const n of await prune(destination, Number(keep))) console.log(`removed the older ${n}`);
    }
  }
} catch (e) {
  console.error(`error: ${e instanceof Error ? e.message : e}`);
  Deno.exit(1);
}
