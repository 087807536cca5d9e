import { PGlite } from "@electric-sql/pglite";
import { limaDate } from "../../services/clock.ts";
import { sha256 } from "../../services/crypto.ts";
import { type Db, openPostgres, pgliteParsers, wrapPglite } from "../../services/db.ts";
import { migrate } from "../../services/migrate.ts";
import { seedDemo } from "../../fixtures/seed.ts";
import { warmExtracts } from "../../services/extracts/warm.ts";
import { TEST_CACHE_DIR as CACHE_DIR } from "./cache_dir.ts";

export type DbKind = "pglite" | "postgres";
/** The test run a database belongs to (tests/run.ts sets it for its test processes). */
export const TEST_RUN = Deno.env.get("TEST_RUN") ?? "solo";
export const PG_ADMIN_URL = Deno.env.get("TEST_PG_URL") ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** The seed's 'today': the real Lima date, so the demo data ends yesterday as it does in the product. */
export const SEED_TODAY = limaDate(new Date());

let pgAvailable: Promise<boolean> | undefined;
/** Whether a PostgreSQL answers on 127.0.0.1:5432 (it does on CI here); the suite then runs on both. */
export function postgresAvailable(): Promise<boolean> {
  if (Deno.env.get("TEST_PG") === "0") return Promise.resolve(false);
  return pgAvailable ??= (async () => {
    try {
      const conn = await Deno.connect({ hostname: "127.0.0.1", port: 5432 });
      conn.close();
      const db = openPostgres(PG_ADMIN_URL);
      await db.query("select 1");
      await db.close();
      return true;
    } catch {
      return false;
    }
  })();
}

export async function dbKinds(): Promise<DbKind[]> {
  return (await postgresAvailable()) ? ["pglite", "postgres"] : ["pglite"];
}

async function seeded(db: Db) {
  await migrate(db);
  await seedDemo(db, { scale: "small", today: SEED_TODAY });
}

/**
 * Names the seeded template by what makes it: migrations, fixtures, the day and the password cost (the demo
 * accounts' hashes). Test files reuse it.
 */
const templateKey = (async () => {
  const root = new URL("../../", import.meta.url);
  const parts = [SEED_TODAY, Deno.env.get("PASSWORD_HASH_COST") ?? "baseline"];
  for (const dir of ["sql/", "fixtures/"]) {
    const names = [];
    for await (const e of Deno.readDir(new URL(dir, root))) if (e.isFile) names.push(e.name);
    for (const n of names.sort()) parts.push(n, await Deno.readTextFile(new URL(dir + n, root)));
  }
  return (await sha256(parts.join("\n"))).slice(0, 12);
})();

/** The PostgreSQL template database of the current migrations and fixtures (kept between runs). */
export const postgresTemplateName = async () => `portal_test_tpl_${await templateKey}`;

let pgliteTemplate: Promise<Blob> | undefined;
let pgTemplate: Promise<string> | undefined;
let counter = 0;
const unique = () => crypto.randomUUID().replaceAll("-", "").slice(0, 10);

/**
 * The seeded PGlite data directory as an uncompressed tar (PGlite's dumpDataDir), built once per change of the
 * fixtures and kept on disk between runs. Uncompressed: an in-memory database loads it in about a second,
 * where the gzip dump took three.
 */
function pgliteDump(): Promise<Blob> {
  return pgliteTemplate ??= (async () => {
    const file = `${CACHE_DIR}/pglite-${await templateKey}.tar`;
    const cached = await Deno.readFile(file).catch(() => null);
    if (cached) return new Blob([cached]);
    const pg = new PGlite({ parsers: pgliteParsers });
    await seeded(wrapPglite(pg));
    // The WAL written while seeding is not needed to open the copies.
    await pg.exec("checkpoint");
    const dump = await pg.dumpDataDir("none");
    await pg.close();
    await Deno.mkdir(CACHE_DIR, { recursive: true });
    const tmp = `${file}.${unique()}`;
    await Deno.writeFile(tmp, new Uint8Array(await dump.arrayBuffer()));
    await Deno.rename(tmp, file);
    return dump;
  })();
}

/**
 * A throwaway seeded database held in memory: loaded from the dump without copying a data folder on disk
 * (a second, against five to ten for a copy and its first queries on a busy machine), and nothing written
 * to disk while the tests run.
 */
export async function memoryPglite(): Promise<PGlite> {
  const pg = new PGlite({ loadDataDir: await pgliteDump(), parsers: pgliteParsers });
  await pg.waitReady;
  return pg;
}

let pgliteDir: Promise<string> | undefined;

/**
 * The seeded small set as a PGlite data folder on disk, made once from the dump and kept with it: a server
 * under test starts on a copy of it (a copy takes a fraction of a second; seeding takes half a minute).
 */
export function seededPgliteDir(): Promise<string> {
  return pgliteDir ??= (async () => {
    const dir = `${CACHE_DIR}/pglite-${await templateKey}.dir`;
    if (await Deno.stat(`${dir}/PG_VERSION`).then(() => true, () => false)) return dir;
    const building = `${dir}.${unique()}`;
    const pg = new PGlite({ dataDir: building, loadDataDir: await pgliteDump() });
    await pg.waitReady;
    await pg.close();
    // Another test process may have made it meanwhile: theirs is as good as ours.
    await Deno.rename(building, dir).catch(() => Deno.remove(building, { recursive: true }));
    return dir;
  })();
}

let serverDir: Promise<string> | undefined;

/**
 * The seeded folder with every report extract already built and stored (services/extracts/warm.ts), for the
 * servers of browser tests: each would otherwise build the partitions its screens read, from the same data,
 * again in every test file. Extract builds themselves are covered by tests/api/extracts_test.ts.
 */
export function seededServerDir(): Promise<string> {
  return serverDir ??= (async () => {
    const dir = `${CACHE_DIR}/pglite-${await templateKey}-served.dir`;
    if (await Deno.stat(`${dir}/PG_VERSION`).then(() => true, () => false)) return dir;
    const building = `${dir}.${unique()}`;
    await copyDir(await seededPgliteDir(), building);
    const pg = new PGlite({ dataDir: building, parsers: pgliteParsers });
    await warmExtracts(wrapPglite(pg));
    await pg.close();
    await Deno.rename(building, dir).catch(() => Deno.remove(building, { recursive: true }));
    return dir;
  })();
}

/** Copies a folder tree (the seeded data folder) to a new place. */
export async function copyDir(from: string, to: string): Promise<void> {
  await Deno.mkdir(to, { recursive: true });
  for await (const e of Deno.readDir(from)) {
    const a = `${from}/${e.name}`, b = `${to}/${e.name}`;
    if (e.isDirectory) await copyDir(a, b);
    else if (e.isFile) await Deno.copyFile(a, b);
  }
}

/** Makes the seeded templates (PGlite dump and folder, PostgreSQL template) before test files race for them. */
export async function prepareTemplates(): Promise<void> {
  await seededPgliteDir();
  if (await postgresAvailable()) await postgresTemplate();
}

/**
 * A PostgreSQL template database made once under an advisory lock (test runs started side by side, several
 * engineers on one machine, wait for one build instead of dropping each other's): `fill` runs on a database
 * named `<name>_building`, renamed to `name` when it succeeds.
 */
async function buildTemplate(name: string, from: string | null, fill: (db: Db) => Promise<unknown>) {
  // One connection, so the advisory lock and its release go through the same session.
  const admin = openPostgres(PG_ADMIN_URL, { max: 1 });
  await admin.query("select pg_advisory_lock(hashtext($1))", [name]);
  try {
    const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.length === 0) {
      await admin.exec(`drop database if exists ${name}_building with (force)`);
      await admin.exec(`create database ${name}_building${from ? ` template ${from}` : ""}`);
      const tpl = openPostgres(PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}_building`));
      try {
        await fill(tpl);
      } finally {
        await tpl.close();
      }
      await admin.exec(`alter database ${name}_building rename to ${name}`);
    }
  } finally {
    await admin.query("select pg_advisory_unlock(hashtext($1))", [name]);
    await admin.close();
  }
  return name;
}

function postgresTemplate(): Promise<string> {
  return pgTemplate ??= (async () => buildTemplate(await postgresTemplateName(), null, seeded))();
}

let pgServedTemplate: Promise<string> | undefined;

/**
 * The PostgreSQL template with every report extract built and stored, for the servers of browser tests (the
 * PostgreSQL twin of seededServerDir).
 */
function postgresServedTemplate(): Promise<string> {
  return pgServedTemplate ??= (async () => {
    const from = await postgresTemplate();
    return buildTemplate(`${from}_served`, from, warmExtracts);
  })();
}

/**
 * Where the servers of browser tests keep their data: a PostgreSQL database copied from the served template
 * when PostgreSQL answers (a copy is a file copy inside PostgreSQL, and a native server spends a fraction of
 * the CPU an embedded PGlite spends on the same requests, the suite's scarcest resource), else a copy of the
 * served PGlite folder. The API tests run on both, so the embedded database stays covered.
 */
export async function prepareServedData(): Promise<void> {
  if (await postgresAvailable()) await postgresServedTemplate();
  else await seededServerDir();
}

/** A fresh database migrated and seeded with the small demo set; close() drops it. */
export async function freshDb(kind: DbKind): Promise<Db> {
  if (kind === "pglite") return wrapPglite(await memoryPglite());
  const fresh = await freshPostgresDatabase();
  const db = openPostgres(fresh.url);
  return {
    ...db,
    async close() {
      await db.close();
      await fresh.drop();
    },
  };
}

/**
 * A fresh PostgreSQL database copied from the seeded template (`served`: the one with its extracts built), by
 * URL (server processes open it themselves).
 */
export async function freshPostgresDatabase(
  opts: { served?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const tplName = await (opts.served ? postgresServedTemplate() : postgresTemplate());
  // Unique across processes and across the parallel workers of one process (which share a pid); the run's
  // id first, so tests/run.ts drops what its own run made and not what a run beside it still uses.
  const name = `portal_test_${TEST_RUN}_${Deno.pid}_${++counter}_${unique()}`;
  const admin = openPostgres(PG_ADMIN_URL);
  await admin.exec(`create database ${name} template ${tplName}`);
  await admin.close();
  return {
    url: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`),
    async drop() {
      const a = openPostgres(PG_ADMIN_URL);
      await a.exec(`drop database if exists ${name} with (force)`);
      await a.close();
    },
  };
}
