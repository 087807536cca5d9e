// A test's database as one transaction on a database its test file opened once, rolled back when the test
// ends: each test sees the seeded set as if fresh, without copying a data folder or a PostgreSQL database per
// test (a second each, the bulk of the API tests' time). Requests run one at a time on the one connection;
// tests that prove behaviour under truly concurrent transactions ask for a database of their own instead.
import type { PGlite } from "@electric-sql/pglite";
import { type Db, openPostgres, type Params, type Queryable, wrapPglite } from "../../services/db.ts";
import { type DbKind, freshPostgresDatabase, memoryPglite, postgresAvailable } from "./db.ts";

let pglite: Promise<PGlite> | undefined;
let postgresUrl: Promise<string> | undefined;

/** The file's embedded database: the seeded set loaded in memory once, for every test of the file. */
function filePglite(): Promise<PGlite> {
  return pglite ??= memoryPglite();
}

/** The file's PostgreSQL database, copied from the seeded template; tests/run.ts drops it at the end. */
function filePostgres(): Promise<string> {
  return postgresUrl ??= freshPostgresDatabase().then((d) => d.url);
}

/** The test's one connection; closing it leaves the file's PGlite open for the next test. */
async function connect(kind: DbKind): Promise<Db> {
  if (kind === "postgres") return openPostgres(await filePostgres(), { max: 1 });
  return { ...wrapPglite(await filePglite()), close: () => Promise.resolve() };
}

/** Runs callers one at a time, in the order they came. */
function serial() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const next = tail.then(fn, fn);
    tail = next.catch(() => {});
    return next;
  };
}

/**
 * The seeded set for one test, discarded by close(). Each statement and each tx() runs in a savepoint, so a
 * refused statement (a unique key, a check) undoes only itself, as it would outside a transaction.
 */
export async function rollbackDb(kind: DbKind): Promise<Db> {
  const conn = await connect(kind);
  await conn.exec("begin");
  const one = serial();
  let n = 0;
  const inSavepoint = <T>(fn: () => Promise<T>) =>
    one(async () => {
      const name = `s${++n}`;
      await conn.exec(`savepoint ${name}`);
      try {
        const out = await fn();
        await conn.exec(`release savepoint ${name}`);
        return out;
      } catch (e) {
        await conn.exec(`rollback to savepoint ${name}`);
        throw e;
      }
    });
  const direct: Queryable = { query: (text, params = []) => conn.query(text, params) };
  return {
    kind,
    query: <T>(text: string, params: Params = []) => inSavepoint(() => conn.query<T>(text, params)),
    exec: (text) => inSavepoint(() => conn.exec(text)),
    tx: (fn) => inSavepoint(() => fn(direct)),
    copyIn: () =>
      Promise.reject(new Error("Cannot copy into a test's rolled-back database: seed the template")),
    async close() {
      await one(() => conn.exec("rollback"));
      await conn.close();
    },
  };
}

/**
 * The seeded set for a browser test's own figures, read only: PostgreSQL when it answers (its native queries
 * take a fraction of PGlite's time inside the test process), else the file's PGlite.
 */
export async function referenceDb(): Promise<Db> {
  return await rollbackDb((await postgresAvailable()) ? "postgres" : "pglite");
}
