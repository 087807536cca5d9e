import type { Db } from "./db.ts";

const SQL_DIR = new URL("../sql/", import.meta.url);

export async function listMigrations(): Promise<{ version: string; file: URL }[]> {
  const out = [];
  for await (const e of Deno.readDir(SQL_DIR)) {
    const m = /^(\d{3})_.*\.sql$/.exec(e.name);
    if (e.isFile && m) out.push({ version: m[1], file: new URL(e.name, SQL_DIR) });
  }
  return out.sort((a, b) => a.version.localeCompare(b.version));
}

/** Applies the numbered migrations of sql/ not yet applied, each in its own transaction. Safe to re-run. */
export async function migrate(db: Db): Promise<string[]> {
  await db.exec(
    "create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())",
  );
  const applied = new Set(
    (await db.query<{ version: string }>("select version from schema_migrations")).map((r) => r.version),
  );
  const done: string[] = [];
  for (const m of await listMigrations()) {
    if (applied.has(m.version)) continue;
    const text = await Deno.readTextFile(m.file);
    try {
      await db.exec(
        `begin;\n${text}\n;insert into schema_migrations (version) values ('${m.version}');\ncommit;`,
      );
    } catch (err) {
      await db.exec("rollback").catch(() => {});
      // Another server process may have applied it a moment ago.
      const again = await db.query("select 1 from schema_migrations where version = $1", [m.version]);
      if (again.length === 0) throw err;
    }
    done.push(m.version);
  }
  return done;
}
