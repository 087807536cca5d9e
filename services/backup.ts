// Backups of the portal (issue 42, item 8): the database through its own dump (pg_dump's custom format for
// PostgreSQL, PGlite's dumpDataDir for the embedded one) and the uploaded files of DATA_DIR/uploads (guarantee
// attachments, reprimand pictures), in one folder with a manifest of checksums. Restore brings a backup back
// into an empty database and an uploads folder without those files.
//
// Consistency: pg_dump reads one snapshot while the portal runs; PGlite belongs to one process, so its backup
// is taken while the portal is stopped (services/data_dir_lock.ts refuses otherwise). Uploaded files are only
// ever added under fresh random names, and are copied after the dump: every file a dumped row names is there.
import { PGlite } from "@electric-sql/pglite";
import type { Config } from "./config.ts";
import { openPostgres, pgliteParsers } from "./db.ts";
import { dataDirInUse, lockDataDir } from "./data_dir_lock.ts";

export interface Manifest {
  format: "portal-backup-1";
  kind: "pglite" | "postgres";
  createdAt: string;
  /** Every file of the backup but the manifest, by its path in the backup folder. */
  files: { path: string; size: number; sha256: string }[];
}

const PG_DUMP_FILE = "database.pgdump";
const PGLITE_FILE = "database.tar";
const uploadsOf = (config: Config) => `${config.dataDir.replace(/\/$/, "")}/uploads`;

async function sha256File(path: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await Deno.readFile(path));
  return Array.from(new Uint8Array(digest), (x) => x.toString(16).padStart(2, "0")).join("");
}

async function run(cmd: string, args: string[]): Promise<void> {
  const out = await new Deno.Command(cmd, { args, stdout: "piped", stderr: "piped" }).output();
  if (!out.success) {
    throw new Error(
      `${cmd} failed: ${new TextDecoder().decode(out.stderr).trim().split("\n").slice(-3).join(" ")}`,
    );
  }
}

const exists = (path: string) => Deno.stat(path).then(() => true, () => false);

/** Copies the regular files of one folder (no subfolders: uploads are flat) and answers their names. */
async function copyFlat(from: string, to: string, opts: { createNew: boolean }): Promise<string[]> {
  if (!(await exists(from))) return [];
  await Deno.mkdir(to, { recursive: true });
  const names: string[] = [];
  for await (const e of Deno.readDir(from)) {
    if (!e.isFile) continue;
    const target = `${to}/${e.name}`;
    if (opts.createNew && (await exists(target))) {
      // PGlite's dump holds its whole data folder, DATA_DIR/uploads included: the same file is no conflict.
      if ((await sha256File(target)) === (await sha256File(`${from}/${e.name}`))) continue;
      throw new Error(`${target} already exists and differs: restore into an uploads folder without it`);
    }
    await Deno.copyFile(`${from}/${e.name}`, `${to}/${e.name}`);
    names.push(e.name);
  }
  return names.sort();
}

/**
 * Writes a backup of the configured database and uploads into a new folder under `destination`, named by
 * its time; answers the folder. It appears under its name only once complete.
 */
export async function backup(config: Config, destination: string, now = new Date()): Promise<string> {
  const kind = config.databaseUrl ? "postgres" : "pglite";
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\..*/, "").replace("T", "-");
  const folder = `${destination.replace(/\/$/, "")}/portal-${kind}-${stamp}`;
  const partial = `${folder}.partial`;
  await Deno.mkdir(partial, { recursive: true });
  try {
    if (config.databaseUrl) {
      await run("pg_dump", [
        "--format=custom",
        "--no-owner",
        "--no-privileges",
        `--file=${partial}/${PG_DUMP_FILE}`,
        `--dbname=${config.databaseUrl}`,
      ]);
    } else {
      if (!(await exists(`${config.dataDir}/PG_VERSION`))) {
        throw new Error(`no database in ${config.dataDir}`);
      }
      if (await dataDirInUse(config.dataDir)) {
        throw new Error(
          `the portal is running on ${config.dataDir}: the embedded database belongs to one process; ` +
            "stop the portal for the backup (or use PostgreSQL)",
        );
      }
      // Held while the backup reads, so a portal started meanwhile waits for it instead of sharing the files.
      const lock = await lockDataDir(config.dataDir);
      const pg = new PGlite({ dataDir: config.dataDir, parsers: pgliteParsers });
      try {
        await pg.waitReady;
        // The data files as of a checkpoint: the copy opens without replaying a long WAL.
        await pg.exec("checkpoint");
        const tar = await pg.dumpDataDir("none");
        await Deno.writeFile(`${partial}/${PGLITE_FILE}`, new Uint8Array(await tar.arrayBuffer()));
      } finally {
        await pg.close();
        lock.close();
      }
    }
    const uploads = await copyFlat(uploadsOf(config), `${partial}/uploads`, { createNew: false });
    const paths = [config.databaseUrl ? PG_DUMP_FILE : PGLITE_FILE, ...uploads.map((n) => `uploads/${n}`)];
    const files = [];
    for (const path of paths) {
      const full = `${partial}/${path}`;
      files.push({ path, size: (await Deno.stat(full)).size, sha256: await sha256File(full) });
    }
    const manifest: Manifest = { format: "portal-backup-1", kind, createdAt: now.toISOString(), files };
    await Deno.writeTextFile(`${partial}/manifest.json`, JSON.stringify(manifest, null, 2));
    await Deno.rename(partial, folder);
    return folder;
  } catch (e) {
    await Deno.remove(partial, { recursive: true }).catch(() => {});
    throw e;
  }
}

/** Reads a backup's manifest and checks every file against it. */
export async function checkBackup(folder: string): Promise<Manifest> {
  const manifest = JSON.parse(await Deno.readTextFile(`${folder}/manifest.json`)) as Manifest;
  if (manifest.format !== "portal-backup-1") throw new Error(`${folder} is not a portal backup`);
  for (const f of manifest.files) {
    if (f.path.includes("..")) throw new Error(`unexpected path in the manifest: ${f.path}`);
    if ((await sha256File(`${folder}/${f.path}`).catch(() => "")) !== f.sha256) {
      throw new Error(`${folder}/${f.path} is missing or differs from the manifest`);
    }
  }
  return manifest;
}

/** Brings a backup back into the configured database, which must be empty, and its uploads folder. */
export async function restore(config: Config, folder: string): Promise<Manifest> {
  const manifest = await checkBackup(folder);
  const kind = config.databaseUrl ? "postgres" : "pglite";
  if (manifest.kind !== kind) {
    throw new Error(`the backup is of ${manifest.kind} and the portal is configured for ${kind}`);
  }
  if (config.databaseUrl) {
    const db = openPostgres(config.databaseUrl, { max: 1 });
    try {
      const [{ n }] = await db.query<{ n: number }>(
        "select count(*)::int as n from pg_tables where schemaname = 'public'",
      );
      if (n > 0) throw new Error("the database is not empty: restore into a new, empty database");
    } finally {
      await db.close();
    }
    await run("pg_restore", [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--single-transaction",
      `--dbname=${config.databaseUrl}`,
      `${folder}/${PG_DUMP_FILE}`,
    ]);
  } else {
    if (await exists(`${config.dataDir}/PG_VERSION`)) {
      throw new Error(`${config.dataDir} already holds a database: restore into an empty DATA_DIR`);
    }
    await Deno.mkdir(config.dataDir, { recursive: true });
    const tar = new Blob([await Deno.readFile(`${folder}/${PGLITE_FILE}`)]);
    const pg = new PGlite({ dataDir: config.dataDir, loadDataDir: tar });
    await pg.waitReady;
    await pg.close();
  }
  await copyFlat(`${folder}/uploads`, uploadsOf(config), { createNew: true });
  return manifest;
}
