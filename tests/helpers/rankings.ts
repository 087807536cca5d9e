// Reference figures of the Reporting II screens (issue 12) in plain PostgreSQL on the seeded tables
// (sales_closings, contracts, budgets, inflation), written from docs/metrics.md and not from the reports'
// DuckDB SQL: the browser tests compare what the screens show with these, in one session per file. Every
// figure is of one currency (docs/metrics.md, Money): the soles contracts ('PEN', the screens' first table
// and their national figures) unless the dollar contracts ('USD', their table apart) are asked for.

import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { limaDate } from "../../services/clock.ts";
import type { Db } from "../../services/db.ts";
import { launchBrowser, openPage, seriousViolations, signIn } from "./browser.ts";
import { freshDb } from "./db.ts";
import { dim, downloadExcel, shift, tableCells, ymd } from "./reports.ts";
import { startServer } from "./server.ts";

/** A contract's currency: 'PEN' soles, 'USD' dollars. */
export type Currency = "PEN" | "USD";

export interface Sold {
  code: string;
  act: number;
  cmp: number;
  tx_act: number;
  tx_cmp: number;
}

/**
 * Per contract of the mall (of one currency) with closings in either span: sales and transactions in
 * [start, end] and in [cstart, cend], the latter times `factor(month)` (inflation) when given.
 */
export async function soldIn(
  db: Db,
  mall: number,
  start: string,
  end: string,
  cstart: string,
  cend: string,
  factor: (month: number) => number = () => 1,
  currency: Currency = "PEN",
): Promise<Sold[]> {
  const rows = await db.query<Sold & { month: number; any_act: boolean; any_cmp: boolean }>(
    `select c.code, extract(month from s.sale_date)::int as month,
            coalesce(sum(s.amount) filter (where s.sale_date between $2 and $3), 0)::float8 as act,
            coalesce(sum(s.amount) filter (where s.sale_date between $4 and $5), 0)::float8 as cmp,
            coalesce(sum(s.transactions) filter (where s.sale_date between $2 and $3), 0)::float8 as tx_act,
            coalesce(sum(s.transactions) filter (where s.sale_date between $4 and $5), 0)::float8 as tx_cmp
       from contracts c join sales_closings s on s.contract_id = c.id
      where c.mall_id = $1 and c.currency = $6
        and (s.sale_date between $2 and $3 or s.sale_date between $4 and $5)
      group by c.code, 2`,
    [mall, start, end, cstart, cend, currency],
  );
  const by = new Map<string, Sold>();
  for (const r of rows) {
    const o = by.get(r.code) ?? { code: r.code, act: 0, cmp: 0, tx_act: 0, tx_cmp: 0 };
    o.act += Number(r.act);
    o.cmp += Number(r.cmp) * factor(r.month);
    o.tx_act += Number(r.tx_act);
    o.tx_cmp += Number(r.tx_cmp);
    by.set(r.code, o);
  }
  return [...by.values()];
}

/**
 * The factor bringing an amount of (y1, m) to (y2, m): the product of (1 + pct / 100) over the registered
 * months after (y1, m) up to (y2, m) (docs/metrics.md, Inflación).
 */
export async function inflationFactors(db: Db, y1: number, y2: number) {
  const rates = await db.query<{ year: number; month: number; pct: number }>(
    "select year, month, pct::float8 as pct from inflation",
  );
  return (m: number) =>
    rates.filter((r) => r.year * 12 + r.month > y1 * 12 + m && r.year * 12 + r.month <= y2 * 12 + m)
      .reduce((f, r) => f * (1 + Number(r.pct) / 100), 1);
}

/** Competition ranks (1, 2, 2, 4) by the figure, to the cent; no sales: no rank. */
export function ranks<T extends { code: string }>(rows: T[], value: (r: T) => number): Map<string, number> {
  const sold = rows.filter((r) => value(r) > 0).map((r) => ({ code: r.code, v: Math.round(value(r) * 100) }));
  return new Map(sold.map((r) => [r.code, 1 + sold.filter((o) => o.v > r.v).length]));
}

export const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((n, r) => n + f(r), 0);

/**
 * Per contract of the mall (and CeBe, of one currency): its area and its sales per month (1 to 12) of a span
 * of one year.
 */
export async function monthlySales(
  db: Db,
  mall: number,
  cebe: string,
  start: string,
  end: string,
  currency: Currency = "PEN",
) {
  const rows = await db.query<{ code: string; area: number; month: number; v: number }>(
    `select c.code, c.area::float8 as area, extract(month from s.sale_date)::int as month,
            sum(s.amount)::float8 as v
       from contracts c join sales_closings s on s.contract_id = c.id
      where c.mall_id = $1 and c.cebe_code = $2 and c.currency = $5 and s.sale_date between $3 and $4
      group by 1, 2, 3`,
    [mall, cebe, start, end, currency],
  );
  const by = new Map<string, { code: string; area: number; months: number[] }>();
  for (const r of rows) {
    const o = by.get(r.code) ?? { code: r.code, area: Number(r.area), months: Array(13).fill(0) };
    o.months[r.month] += Number(r.v);
    by.set(r.code, o);
  }
  return [...by.values()];
}

/** Sales per group (the contract's CeBe or code) of one currency in a span. */
export async function groupSales(
  db: Db,
  mall: number,
  by: "cebe" | "contract",
  start: string,
  end: string,
  currency: Currency = "PEN",
) {
  const col = by === "cebe" ? "c.cebe_code" : "c.code";
  const rows = await db.query<{ g: string; v: number }>(
    `select ${col} as g, sum(s.amount)::float8 as v
       from contracts c join sales_closings s on s.contract_id = c.id
      where c.mall_id = $1 and c.currency = $4 and s.sale_date between $2 and $3 group by 1`,
    [mall, start, end, currency],
  );
  return new Map(rows.map((r) => [r.g, Number(r.v)]));
}

/** The weeks (Monday to Sunday) of a span, cut at its ends: walked day by day. */
export function weeksOf(start: string, end: string): { start: string; end: string }[] {
  const out: { start: string; end: string }[] = [];
  for (let d = start; d <= end; d = shift(d, 1)) {
    const monday = new Date(`${d}T00:00:00Z`).getUTCDay() === 1;
    if (out.length === 0 || monday) out.push({ start: d, end: d });
    else out[out.length - 1].end = d;
  }
  return out;
}

/**
 * The budget of exactly a span's days for the mall's contracts of one currency (one contract when given): each
 * month's share of days.
 */
export async function spanBudget(
  db: Db,
  mall: number,
  start: string,
  end: string,
  code = "",
  currency: Currency = "PEN",
) {
  const [{ v }] = await db.query<{ v: number }>(
    `select coalesce(sum(b.amount * (least(($3::date), (b.month + interval '1 month - 1 day')::date)
                                  - greatest($2::date, b.month) + 1)
                     / extract(day from (b.month + interval '1 month - 1 day'))), 0)::float8 as v
       from budgets b join contracts c on c.id = b.contract_id
      where c.mall_id = $1 and ($4 = '' or c.code = $4) and c.currency = $5
        and b.month between date_trunc('month', $2::date) and $3::date`,
    [mall, start, end, code, currency],
  );
  return Number(v);
}

/** The sales in a span of the mall's contracts of one currency (or of one contract). */
export async function salesIn(
  db: Db,
  mall: number,
  start: string,
  end: string,
  code = "",
  currency: Currency = "PEN",
) {
  const [{ v }] = await db.query<{ v: number }>(
    `select coalesce(sum(s.amount), 0)::float8 as v from sales_closings s join contracts c on c.id = s.contract_id
      where c.mall_id = $1 and ($4 = '' or c.code = $4) and c.currency = $5 and s.sale_date between $2 and $3`,
    [mall, start, end, code, currency],
  );
  return Number(v);
}

/** The same month and days of another year (29 February to the 28th). */
export const sameDay = (day: string, year: number) => {
  const [m, d] = [Number(day.slice(5, 7)), Number(day.slice(8, 10))];
  return ymd(year, m, Math.min(d, dim(year, m)));
};

/**
 * The end of a span compared in another year: the same day, or that month's last day when the span ends on
 * its month's last day (a whole February against the whole February, 29th included; docs/metrics.md, Periods).
 */
export const sameEnd = (day: string, year: number) => {
  const [y, m, d] = [Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10))];
  return d === dim(y, m) ? ymd(year, m, dim(year, m)) : sameDay(day, year);
};

export interface Provision {
  code: string;
  dias: number;
  registrados: number;
  faltantes: number;
  real: number;
  provisionado: number;
}

/**
 * Provisión (docs/metrics.md): per contract of the mall of one currency operating in [start, end], its days,
 * registered days and sales; each operating day without a closing is estimated as the mean of the contract's
 * sales on the same weekday in the 56 days before (else its mean registered day of the span, else 0) times the
 * mall's trend that day among the contracts of that currency (registered sales over those contracts' own
 * same-weekday means, within 0.5 and 2; else 1).
 */
export function provision(
  db: Db,
  mall: number,
  start: string,
  end: string,
  currency: Currency = "PEN",
): Promise<Provision[]> {
  return db.query<Provision>(
    `with k as (
       select id, code, greatest($2::date, start_date, coalesce(op_start, start_date)) as f,
              least($3::date, end_date, coalesce(op_end, end_date)) as t
         from contracts where mall_id = $1 and currency = $4),
     d as (
       select s.contract_id as c, s.sale_date as day, sum(s.amount)::float8 as v
         from sales_closings s join k on k.id = s.contract_id
        where s.sale_date between $2::date - 56 and $3::date group by 1, 2),
     reg as (select * from d where day between $2::date and $3::date),
     ops as (
       select k.id as c, g::date as day from k, generate_series($2::date, $3::date, interval '1 day') g
        where g::date between k.f and k.t),
     miss as (select o.* from ops o where not exists (select 1 from reg r where r.c = o.c and r.day = o.day)),
     hist_m as (
       select m.c, m.day, avg(h.v) as base from miss m left join d h
           on h.c = m.c and h.day < m.day and h.day >= m.day - 56 and extract(dow from h.day) = extract(dow from m.day)
        group by 1, 2),
     hist_r as (
       select r.c, r.day, r.v, avg(h.v) as base from reg r join d h
           on h.c = r.c and h.day < r.day and h.day >= r.day - 56 and extract(dow from h.day) = extract(dow from r.day)
        group by 1, 2, 3),
     trend as (
       select day, least(2, greatest(0.5, sum(v) / sum(base))) as x from hist_r group by day having sum(base) > 0),
     est as (
       select m.c, coalesce(m.base, (select avg(v) from reg r where r.c = m.c), 0) * coalesce(t.x, 1) as v
         from hist_m m left join trend t on t.day = m.day)
     select k.code,
            (select count(*) from ops o where o.c = k.id)::int as dias,
            (select count(*) from reg r where r.c = k.id)::int as registrados,
            (select count(*) from miss m where m.c = k.id)::int as faltantes,
            coalesce((select sum(v) from reg r where r.c = k.id), 0)::float8 as real,
            coalesce((select sum(v) from est e where e.c = k.id), 0)::float8 as provisionado
       from k`,
    [mall, start, end, currency],
  ).then((rows) =>
    rows.filter((r) => r.dias > 0 || r.registrados > 0).map((r) => ({
      ...r,
      real: Number(r.real),
      provisionado: Number(r.provisionado),
    }))
  );
}

/** The title of a report's dollar table, apart from its soles table of `title`. */
export const usdTitle = (title: string) => `${title} (contratos en dólares)`;

/** The label of a table's totals row: 'Total $' in a dollar table, 'Total S/' in a soles one. */
export const totalLabel = (
  title: string,
) => (title.endsWith("(contratos en dólares)") ? "Total $" : "Total S/");

/** The cells of a table (its rows and totals row) printed with a symbol: a dollar table has no 'S/'. */
export function cellsWith(t: { rows: string[][]; total: string[] }, symbol: "S/" | "$"): string[] {
  return [...t.rows, t.total].flat().filter((c) => c.includes(symbol)).map((c) => `'${c}' carries ${symbol}`);
}

export interface ReportsSession {
  page: Page;
  /** A seeded copy of the server's database: the reference figures are read there. */
  reference: Db;
  today: string;
  yesterday: string;
  /** The malls by their order: the first is each screen's default. */
  malls: { id: number; name: string }[];
  /** Collects axe's serious findings of the screen (screens_fit_test.ts: each menu screen's defaults). */
  audit(name: string): Promise<void>;
  /** The trimmed cells of a report table's first page and its totals row. */
  screenRows(title: string): Promise<{ rows: string[][]; total: string[] }>;
  /** Downloads the table's Excel export and returns its last row: the totals row of its currency. */
  exportedTotals(title: string): Promise<unknown[]>;
  /** Clicks a screen's link in the side menu, unfolding its 'Reporting' section first when folded. */
  openFromMenu(label: string): Promise<void>;
}

/**
 * One server, one page signed in as the admin and the reference database for a whole test file; at the end
 * no serious axe finding and no page error.
 */
export async function withReportsSession(fn: (s: ReportsSession) => Promise<void>): Promise<void> {
  const today = limaDate(new Date());
  const reference = await freshDb("pglite");
  const server = await startServer();
  const browser = await launchBrowser();
  const { page, errors, close: closePage } = await openPage(browser, server.url);
  const axe: string[] = [];
  try {
    const malls = await reference.query<{ id: number; name: string }>(
      "select id, name from malls order by sort",
    );
    await signIn(page, "admin@demo.pe");
    await fn({
      page,
      reference,
      today,
      yesterday: shift(today, -1),
      malls,
      audit: async (name) => void axe.push(...(await seriousViolations(page)).map((v) => `${name}: ${v}`)),
      screenRows: async (title) => {
        const { rows, total } = await tableCells(page, title);
        return { rows: rows.map((r) => r.map((c) => c.trim())), total: total.map((c) => c.trim()) };
      },
      exportedTotals: async (title) => {
        const { file, rows } = await downloadExcel(page, title);
        assert.equal(file, `${title}.xlsx`);
        const last = rows[rows.length - 1] as unknown[];
        assert.ok(last.slice(0, 2).includes(totalLabel(title)), `${title}: last row ${last.slice(0, 3)}`);
        return last;
      },
      openFromMenu: async (label) => {
        const link = page.getByRole("link", { name: label, exact: true });
        if (!(await link.isVisible())) {
          await page.locator(".side-section-header", { hasText: "Reporting" }).click();
        }
        await link.click();
      },
    });
    assert.deepEqual(axe, []);
    assert.deepEqual(errors, []);
  } finally {
    await closePage();
    await browser.close();
    await server.stop();
    await reference.close();
  }
}
