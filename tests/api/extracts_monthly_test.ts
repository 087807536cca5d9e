import assert from "node:assert/strict";
import { brotliDecompressSync } from "node:zlib";
import { type Table, tableFromIPC } from "apache-arrow";
import type { CatalogEntry } from "#contract/extracts.ts";
import { type Client, forEachDb, type TestApp } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";

// The monthly sales family ('sales_monthly.<year>', all malls, per contract and month): read with the daily
// sales' permissions, its figures those of the daily partitions, versioned by them.

const kinds = await dbKinds();

async function arrow(t: TestApp, client: Client, key: string): Promise<{ status: number; table?: Table }> {
  const app: { request(p: string, i: RequestInit, env: unknown): Response | Promise<Response> } = t.app;
  const res = await app.request(`/api/extracts/${key}`, {
    headers: { ...(client.cookie ? { cookie: client.cookie } : {}), "accept-encoding": "br" },
  }, { remoteAddr: { hostname: client.ip } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return res.status === 200
    ? { status: 200, table: tableFromIPC(brotliDecompressSync(bytes)) }
    : { status: res.status };
}

/** Per 'contract|month-start (days)': cents, transactions, days, first and last day, from daily rows. */
function fromDaily(tables: Table[]) {
  const out = new Map<string, number[]>();
  for (const t of tables) {
    for (const r of t) {
      const d = Number(r.day instanceof Date ? r.day.getTime() : r.day) / 86_400_000;
      const dt = new Date(d * 86_400_000);
      const month = Date.UTC(dt.getUTCFullYear(), dt.getUTCMonth(), 1) / 86_400_000;
      const key = `${r.contract_id}|${month}`;
      const g = out.get(key) ?? [0, 0, 0, d, d];
      out.set(key, [
        g[0] + Number(r.amount_cents),
        g[1] + Number(r.transactions),
        g[2] + 1,
        Math.min(g[3], d),
        Math.max(g[4], d),
      ]);
    }
  }
  return out;
}

const days = (v: unknown) => Number(v instanceof Date ? v.getTime() : v) / 86_400_000;

forEachDb(
  "monthly sales: every mall's daily sales of a year, summed per contract and month",
  kinds,
  async (t) => {
    const admin = await t.signedIn("admin@demo.pe");
    const cat = (await admin.get("/api/extracts/catalog")).body.data;
    const year = Number(cat.today.slice(0, 4)) - 1;
    const table = cat.table as CatalogEntry[];
    const key = `sales_monthly.${year}`;
    assert.ok(table.some((e) => e.partition === key && e.family === "sales_monthly"), key);
    const daily = table.filter((e) =>
      e.partition.startsWith("sales_daily.") && e.partition.endsWith(`.${year}`)
    );
    assert.ok(daily.length >= 5);

    const monthly = await arrow(t, admin, key);
    assert.equal(monthly.status, 200);
    const m = monthly.table!;
    assert.deepEqual(m.schema.fields.map((f) => f.name), [
      "contract_id",
      "month",
      "amount_cents",
      "transactions",
      "days",
      "first_day",
      "last_day",
    ]);
    const want = fromDaily(
      await Promise.all(daily.map(async (e) => (await arrow(t, admin, e.partition)).table!)),
    );
    assert.equal(m.numRows, want.size);
    for (const r of m) {
      const w = want.get(`${r.contract_id}|${days(r.month)}`);
      assert.ok(w, `${r.contract_id} ${days(r.month)}`);
      assert.deepEqual(
        [Number(r.amount_cents), Number(r.transactions), Number(r.days), days(r.first_day), days(r.last_day)],
        w,
      );
    }
    // Tens of kilobytes for a year of every mall.
    const [stored] = await t.db.query<{ br: Uint8Array }>(
      "select br from extract_store where partition = $1",
      [key],
    );
    assert.ok(stored.br.byteLength < 200_000, `${stored.br.byteLength} bytes`);
  },
);

forEachDb(
  "monthly sales: the daily sales' readers only; a closing edit moves its version",
  kinds,
  async (t) => {
    const year = new Date().getFullYear() - 1;
    const key = `sales_monthly.${year}`;
    const tenant = await t.signedIn("tenant@demo.pe");
    assert.equal((await tenant.get(`/api/extracts/${key}`)).body.errorId, 600);
    assert.equal(
      (await (await t.signedIn("seguridad@demo.pe")).get(`/api/extracts/${key}`)).body.errorId,
      600,
    );
    // pruebas (Dashboard only) reads the daily sales, so the monthly ones too.
    const dash = await t.signedIn("pruebas@demo.pe");
    assert.equal((await arrow(t, dash, key)).status, 200);
    const admin = await t.signedIn("admin@demo.pe");
    assert.equal((await admin.get("/api/extracts/sales_monthly.1990")).body.errorId, 404);

    const entry = async () =>
      ((await admin.get("/api/extracts/catalog")).body.data.table as CatalogEntry[]).find((e) =>
        e.partition === key
      )!;
    const total = async () => {
      let cents = 0;
      for (const r of (await arrow(t, admin, key)).table!) cents += Number(r.amount_cents);
      return cents;
    };
    const before = await entry();
    const cents = await total();
    await t.db.query(
      `update sales_closings set amount = amount + 10, updated_at = now() where id = (
       select id from sales_closings where sale_date between $1 and $2 order by id limit 1)`,
      [`${year}-03-01`, `${year}-03-31`],
    );
    const after = await entry();
    assert.notEqual(after.version, before.version);
    assert.notEqual(after.etag, before.etag);
    assert.equal(await total(), cents + 1000);
  },
);

forEachDb(
  "days of a month: every mall's daily sales of that month, listed for each month of a year",
  kinds,
  async (t) => {
    const admin = await t.signedIn("admin@demo.pe");
    const cat = (await admin.get("/api/extracts/catalog")).body.data;
    const year = Number(cat.today.slice(0, 4)) - 1;
    const table = cat.table as CatalogEntry[];
    for (let m = 1; m <= 12; m++) {
      assert.ok(table.some((e) => e.partition === `sales_days.${year}.${m}` && e.family === "sales_days"));
    }
    const daily = table.filter((e) =>
      e.partition.startsWith("sales_daily.") && e.partition.endsWith(`.${year}`)
    );
    const march = (d: number) => new Date(d * 86_400_000).getUTCMonth() === 2;
    const row = (r: { contract_id: unknown; day: unknown; amount_cents: unknown; transactions: unknown }) =>
      [Number(r.contract_id), days(r.day), Number(r.amount_cents), Number(r.transactions)].join("|");
    const want: string[] = [];
    for (const e of daily) {
      for (const r of (await arrow(t, admin, e.partition)).table!) if (march(days(r.day))) want.push(row(r));
    }
    const got = await arrow(t, admin, `sales_days.${year}.3`);
    assert.equal(got.status, 200);
    assert.deepEqual(got.table!.schema.fields.map((f) => f.name), [
      "contract_id",
      "day",
      "amount_cents",
      "transactions",
    ]);
    assert.ok(want.length > 0);
    assert.deepEqual([...got.table!].map(row).sort(), want.sort());
    assert.equal((await admin.get(`/api/extracts/sales_days.${year}.13`)).body.errorId, 404);
    assert.equal((await admin.get(`/api/extracts/sales_days.${year}.03`)).body.errorId, 404);
    const tenant = await t.signedIn("tenant@demo.pe");
    assert.equal((await tenant.get(`/api/extracts/sales_days.${year}.3`)).body.errorId, 600);
  },
);
