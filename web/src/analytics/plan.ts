// Which partitions a report reads and which the page fetches next: a year's daily sales of every mall are
// read from the server's smaller families when the report's statements allow it (whole months from
// 'sales_monthly.<year>', the days of a month or two from 'sales_days.<year>.<month>'), and after a report
// the likely next partitions load when the page is idle. Pure functions of the catalogue and the SQL.

import { type Catalog, parsePartition, partitionKey } from "#contract/extracts.ts";
import { MONTHLY } from "./tables.ts";

/** The daily sales of one month, all malls: read into the view 'sales_daily' (duck-tables.ts scopeViews). */
export const DAYS = "sales_days";
/** A year whose days a report reads in at most this many months reads those months' partitions. */
const DAY_MONTHS = 3;

/**
 * The partitions a next filter change will likely name after a report that named these: the years next to
 * each year of daily sales named (a comparison year one click away) for the same malls, the other malls of
 * the years named, and the monthly sales (a few kilobytes) of the years named and those next to them. After
 * a report on a month's days (sales_days, all malls, tens of kilobytes), the months before and after it in
 * the same year (a range stepped to the next month), the same month of every year and every year's monthly
 * sales: the periods a person steps or flips through, about a megabyte in all. Only those in the catalogue,
 * the years nearest to those named first.
 */
export function neighbours(partitions: readonly string[], cat: Catalog): string[] {
  const named = new Set(partitions);
  const parsed = partitions.map(parsePartition);
  const sales = parsed.filter((p) => p?.family === "sales_daily");
  const years = new Set(sales.map((p) => p!.year));
  const malls = new Set(sales.map((p) => p!.mall));
  const dayParts = parsed.filter((p) => p?.family === DAYS);
  const dayMonths = new Set(dayParts.map((p) => p!.month));
  // Months as year * 12 + month: those of the days named, and the months before and after each in every year
  // the report reads: a comparison reads the same months of two years, one of them maybe whole from its
  // monthly partition (February 2025 whole, against 1 to 28 February 2024's days), and stepped a month
  // reads the days of both years' next month.
  const monthOf = (p: { year: number; month?: number }) => p.year * 12 + p.month!;
  const named12 = dayParts.map((p) => monthOf(p!));
  const monthly = new Set(
    parsed.filter((p) => p?.family === "sales_daily" || p?.family === MONTHLY || p?.family === DAYS)
      .map((p) => p!.year),
  );
  const besides = (year: number, month: number) => [year * 12 + month - 1, year * 12 + month + 1];
  const nextTo = new Set(dayParts.flatMap((d) => [...monthly].flatMap((y) => besides(y, d!.month!))));
  const want = (p: ReturnType<typeof parsePartition>) =>
    !!p && !named.has(p.key) &&
    ((p.family === "sales_daily" &&
      ((years.has(p.year) && !malls.has(p.mall)) ||
        (malls.has(p.mall) && (years.has(p.year - 1) || years.has(p.year + 1))))) ||
      (p.family === DAYS && (dayMonths.has(p.month) || nextTo.has(monthOf(p)))) ||
      (p.family === MONTHLY &&
        (dayParts.length > 0 || monthly.has(p.year) || monthly.has(p.year - 1) || monthly.has(p.year + 1))));
  const found = cat.table.map((e) => parsePartition(e.partition)).filter(want).map((p) => p!);
  if (dayParts.length === 0) return found.map((p) => p.key);
  // Many years: the nearest to those named load first (the stable sort keeps the catalogue's order else).
  // Days of a month count in months (the month next to one named before the same month a year away).
  const distance = (p: (typeof found)[number]) =>
    p.family === DAYS
      ? (nextTo.has(monthOf(p)) ? 0 : Math.min(...named12.map((n) => Math.abs(n - monthOf(p)))) / 12)
      : Math.min(...[...monthly].map((n) => Math.abs(n - p.year)));
  return found.map((p) => ({ key: p.key, d: distance(p) })).sort((a, b) => a.d - b.d).map((x) => x.key);
}

/** A range of days or months in salesRowsSql's or periodRowsSql's text: `col between DATE '…' and DATE '…'`. */
const range = (col: string) => `${col} between DATE '\\d{4}-\\d\\d-\\d\\d' and DATE '\\d{4}-\\d\\d-\\d\\d'`;
/** The ranges a read of a sales view names: one, or several joined by 'or' (periodRowsSql). */
const reads = (view: string, col: string) =>
  new RegExp(`\\b${view} where (${range(col)}(?: or ${range(col)})*)`, "g");
/** salesRowsSql's and periodRowsSql's daily reads (web/src/reports/shared/sql.ts): the days are in the text. */
const DAYS_READ = reads("sales_daily", "day");
/** Each range of a read: its first and last year and month. */
const RANGES = /between DATE '(\d{4})-(\d\d)-\d\d' and DATE '(\d{4})-(\d\d)-\d\d'/g;
const rangesOf = (read: string) => [...read.matchAll(RANGES)];

/**
 * Per year, the months whose daily sales the statements read, or null when one reads them other than
 * through salesRowsSql's daily branch (a listing, a chart by weekday): then which days it reads is not known.
 */
export function dailyMonthsRead(sql: readonly string[]): Map<number, Set<number>> | null {
  const months = new Map<number, Set<number>>();
  for (const text of sql) {
    const all = text.match(/\bsales_daily\b/g)?.length ?? 0;
    const found = [...text.matchAll(DAYS_READ)];
    for (const m of found.flatMap((r) => rangesOf(r[1]))) {
      const last = Number(m[3]) * 12 + Number(m[4]) - 1;
      for (let i = Number(m[1]) * 12 + Number(m[2]) - 1; i <= last; i++) {
        const y = Math.floor(i / 12);
        if (!months.has(y)) months.set(y, new Set());
        months.get(y)!.add((i % 12) + 1);
      }
    }
    if (found.length !== all) return null;
  }
  return months;
}

/** salesRowsSql's and periodRowsSql's monthly reads: the months are in the text. */
const MONTHS_READ = reads("sales_monthly", "month");

/** The years whose monthly sales the statements read, or null when one reads them another way. */
function monthlyYearsRead(sql: readonly string[]): Set<number> | null {
  const years = new Set<number>();
  for (const text of sql) {
    const all = text.match(/\bsales_monthly\b/g)?.length ?? 0;
    const found = [...text.matchAll(MONTHS_READ)];
    for (const m of found.flatMap((r) => rangesOf(r[1]))) {
      for (let y = Number(m[1]); y <= Number(m[3]); y++) years.add(y);
    }
    if (found.length !== all) return null;
  }
  return years;
}

/** The years whose daily sales the statements read (dailyMonthsRead), or null when not known. */
export function dailyYearsRead(sql: readonly string[]): Set<number> | null {
  const months = dailyMonthsRead(sql);
  return months ? new Set(months.keys()) : null;
}

/**
 * The partitions a report reads. A year whose daily sales it names for every mall of the catalogue is read
 * from the server's smaller partitions when its statements' reads are known (dailyMonthsRead): the monthly
 * partition when they read no day of it (whole months only, through the view 'sales_monthly'), else the
 * days of the months they read ('sales_days.<year>.<month>', all malls) when those are few, with the
 * monthly partition if a statement reads whole months. The same rows, tens of kilobytes rather than every
 * mall's days of the year.
 */
export function planPartitions(partitions: readonly string[], sql: readonly string[], cat: Catalog) {
  const inCatalog = new Set(cat.table.map((e) => e.partition));
  const daily = new Map<number, string[]>();
  for (const e of cat.table) {
    const p = parsePartition(e.partition);
    if (p?.family === "sales_daily") daily.set(p.year, [...(daily.get(p.year) ?? []), p.key]);
  }
  const named = new Set(partitions);
  const years = [...new Set(partitions.map(parsePartition).filter((p) => p?.family === "sales_daily"))]
    .map((p) => p!.year);
  const candidates = years.filter((y) =>
    inCatalog.has(partitionKey(MONTHLY, y)) && (daily.get(y) ?? []).every((k) => named.has(k))
  );
  if (candidates.length === 0) return partitions;
  const read = dailyMonthsRead(sql);
  if (!read) return partitions;
  const monthlyRead = monthlyYearsRead(sql);
  const readsMonthly = (y: number) => !monthlyRead || monthlyRead.has(y);
  const swap = new Map<number, string[]>();
  for (const y of [...candidates].sort()) {
    const months = [...(read.get(y) ?? [])].sort((a, b) => a - b);
    const days = months.map((m) => partitionKey(DAYS, y, m));
    if (months.length === 0) swap.set(y, [partitionKey(MONTHLY, y)]);
    else if (months.length <= DAY_MONTHS && days.every((k) => inCatalog.has(k))) {
      swap.set(y, [...(readsMonthly(y) ? [partitionKey(MONTHLY, y)] : []), ...days]);
    }
  }
  if (swap.size === 0) return partitions;
  const kept = partitions.filter((k) => {
    const p = parsePartition(k);
    return !(p?.family === "sales_daily" && swap.has(p.year));
  });
  return [...new Set([...kept, ...[...swap.values()].flat()])];
}

/**
 * What a screen fetches while its base is read, before its statements are known: the partitions named, a
 * year's daily sales of every mall replaced by that year's monthly partition and its days of yesterday's
 * month (planPartitions will most likely read that year from the small families, a tenth of the bytes or
 * less; the report fetches any other days it reads itself).
 */
export function prefetchPlan(partitions: readonly string[], cat: Catalog): string[] {
  // Screens open on yesterday's month: its days are what month to date and charts by day read first.
  const [ty, tm, td] = cat.today.split("-").map(Number);
  const month = td > 1 ? tm : tm === 1 ? 12 : tm - 1;
  const yearOfMonth = td > 1 || tm > 1 ? ty : ty - 1;
  const daily = new Map<number, number>();
  for (const e of cat.table) {
    const p = parsePartition(e.partition);
    if (p?.family === "sales_daily") daily.set(p.year, (daily.get(p.year) ?? 0) + 1);
  }
  const inCatalog = new Set(cat.table.map((e) => e.partition));
  const named = [...new Set(partitions)].map(parsePartition);
  const perYear = new Map<number, number>();
  for (const p of named) if (p?.family === "sales_daily") perYear.set(p.year, (perYear.get(p.year) ?? 0) + 1);
  const small = (y: number) => perYear.get(y) === daily.get(y) && inCatalog.has(partitionKey(MONTHLY, y));
  const days = (y: number) => {
    const key = partitionKey(DAYS, y, month);
    return y <= yearOfMonth && inCatalog.has(key) ? [key] : [];
  };
  return [
    ...new Set(
      named.flatMap((p, i) =>
        p?.family === "sales_daily" && small(p.year)
          ? [partitionKey(MONTHLY, p.year), ...days(p.year)]
          : [partitions[i]]
      ),
    ),
  ];
}
