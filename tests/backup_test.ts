// Issue 42, item 8: a backup, restored into an empty database, equals the state it was taken of (every table,
// every sequence, the uploaded files), whatever changed after it. On PGlite, and on PostgreSQL when one answers.
import assert from "node:assert/strict";
import { backup, restore } from "../services/backup.ts";
import { loadConfig } from "../services/config.ts";
import { lockDataDir } from "../services/data_dir_lock.ts";
import { type Db, openPglite, openPostgres } from "../services/db.ts";
import { recordFile, writeFile } from "../services/guarantees/files.ts";
import {
  copyDir,
  type DbKind,
  dbKinds,
  freshPostgresDatabase,
  PG_ADMIN_URL,
  seededPgliteDir,
  TEST_RUN,
} from "./helpers/db.ts";

/** Every table's row count and a hash of its rows, and every sequence's position. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const tables = await db.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' order by 1",
  );
  for (const { name } of tables) {
    const [r] = await db.query<{ n: number; h: string }>(
      `select count(*)::int as n, md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as h
         from "${name}" t`,
    );
    out[name] = `${r.n} ${r.h}`;
  }
  for (
    const s of await db.query<{ name: string; v: number | null }>(
      "select sequencename as name, last_value as v from pg_sequences where schemaname = 'public'",
    )
  ) out[`sequence ${s.name}`] = String(s.v);
  return out;
}

/** The uploaded files by name, with their bytes' hash. */
async function files(dataDir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const e of Deno.readDir(`${dataDir}/uploads`)) {
    const bytes = await Deno.readFile(`${dataDir}/uploads/${e.name}`);
    out[e.name] = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))).join(",");
  }
  return out;
}

const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.4\n% ${text}\n%%EOF\n`);

/** A guarantee attachment as the upload route stores it: the file under DATA_DIR/uploads, its row. */
async function attach(db: Db, dataDir: string, name: string) {
  const config = { ...loadConfig(() => undefined), dataDir };
  const f = { name, ext: "pdf", contentType: "application/pdf", bytes: pdf(name) };
  const stored = await writeFile(config, f);
  const [d] = await db.query<{ id: number }>("select min(id) as id from guarantee_details");
  const [u] = await db.query<{ id: number }>("select id from users where email = 'tenant@demo.pe'");
  await recordFile(db, stored, f, { detailId: d.id, kind: "carta_fianza", userId: u.id, now: new Date() });
  return stored;
}

/** What happens after the backup: a closing removed, a user renamed, an audit entry, files gone and added. */
async function changeEverything(db: Db, dataDir: string, kept: string) {
  await db.query("delete from sales_closing_history where closing_id = (select max(id) from sales_closings)");
  await db.query("delete from sales_closings where id = (select max(id) from sales_closings)");
  await db.query("update users set name = 'Renombrado' where email = 'admin@demo.pe'");
  await db.query("insert into audit_log (action, entity, entity_id) values ('test.after_backup', 'x', '1')");
  await db.query("delete from guarantee_files where stored_name = $1", [kept]);
  await Deno.remove(`${dataDir}/uploads/${kept}`);
  await attach(db, dataDir, "despues.pdf");
}

async function roundTrip(kind: DbKind) {
  const work = await Deno.makeTempDir({ prefix: "portal_backup_" });
  const dataDir = `${work}/data`, restoredDir = `${work}/restored`, backups = `${work}/backups`;
  const cleanups: (() => Promise<unknown>)[] = [() => Deno.remove(work, { recursive: true })];
  try {
    let url: string | undefined, emptyUrl: string | undefined;
    if (kind === "pglite") await copyDir(await seededPgliteDir(), dataDir);
    else {
      const fresh = await freshPostgresDatabase();
      cleanups.push(fresh.drop);
      url = fresh.url;
      const name = `portal_test_${TEST_RUN}_${Deno.pid}_restore_${crypto.randomUUID().slice(0, 8)}`;
      const admin = openPostgres(PG_ADMIN_URL, { max: 1 });
      await admin.exec(`create database ${name}`);
      await admin.close();
      emptyUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
      cleanups.push(async () => {
        const a = openPostgres(PG_ADMIN_URL, { max: 1 });
        await a.exec(`drop database if exists ${name} with (force)`);
        await a.close();
      });
    }
    const open = (u: string | undefined, dir: string) =>
      u ? Promise.resolve(openPostgres(u, { max: 1 })) : openPglite(dir);

    let db = await open(url, dataDir);
    const kept = (await attach(db, dataDir, "garantia.pdf")).storedName;
    const before = await fingerprint(db);
    const filesBefore = await files(dataDir);
    await db.close();
    assert.ok(Object.keys(filesBefore).length >= 1);
    assert.ok(Number(before.sales_closings.split(" ")[0]) > 0 && Number(before.audit_log.split(" ")[0]) > 0);

    const folder = await backup({ ...loadConfig(() => undefined), dataDir, databaseUrl: url }, backups);

    db = await open(url, dataDir);
    await changeEverything(db, dataDir, kept);
    const changed = await fingerprint(db);
    await db.close();
    for (const table of ["sales_closings", "users", "audit_log", "guarantee_files"]) {
      assert.notEqual(changed[table], before[table], `${table} changed after the backup`);
    }

    const target = { ...loadConfig(() => undefined), dataDir: restoredDir, databaseUrl: emptyUrl };
    await restore(target, folder);
    db = await open(emptyUrl, restoredDir);
    const restored = await fingerprint(db);
    await db.close();
    assert.deepEqual(restored, before);
    assert.deepEqual(await files(restoredDir), filesBefore);

    // Never over a database that holds data.
    await assert.rejects(
      restore({ ...target, dataDir: dataDir, databaseUrl: url }, folder),
      /not empty|already holds a database/,
    );
    if (kind === "pglite") {
      // Nor a backup of the embedded folder while a portal holds it.
      const lock = await lockDataDir(dataDir);
      try {
        await assert.rejects(
          backup({ ...target, dataDir, databaseUrl: undefined }, backups),
          /the portal is running/,
        );
      } finally {
        lock.close();
      }
    }
  } finally {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  }
}

for (const kind of await dbKinds()) {
  Deno.test(`a backup restored into an empty database equals the state it was taken of [${kind}]`, () =>
    roundTrip(kind));
}
