// Flash Semanal (/Reportes/ReporteProyeccionesIndex): a mall's (or one contract's) sales week by week over a
// date range against the same days of the year before and the budget, and the projection of the month and
// the year of the range's last day (docs/metrics.md, Flash Semanal). Projections live in this report only.

import { partitionKey, salesPartitions } from "#contract/extracts.ts";
import { shaped } from "../../analytics/connector.ts";
import {
  addDays,
  daysInMonth,
  isEmpty,
  iso,
  mergeSpans,
  parts,
  sameDaysIn,
  type Span,
} from "../shared/dates.ts";
import type { Moneda } from "../shared/money.ts";
import { between, codeFilter, int, SALES_SOURCE, splitMonths } from "../shared/sql.ts";
import { percentOf } from "../shared/sums.ts";

export interface FlashFilters {
  mall: number;
  /** Within one year. */
  range: Span;
  /** A contract code, '' for the whole mall. */
  contract: string;
}

const yearOf = (f: FlashFilters) => Number(f.range.start.slice(0, 4));

export function flashPartitions(f: FlashFilters): string[] {
  const y = yearOf(f);
  return [
    ...salesPartitions([f.mall], [y, y - 1]),
    partitionKey("budgets", y),
    partitionKey("contracts"),
  ];
}

/** The calendar weeks (Monday to Sunday) of the range, cut at its ends. */
export function rangeWeeks(r: Span): Span[] {
  const out: Span[] = [];
  let start = r.start;
  while (start <= r.end) {
    const dow = (new Date(`${start}T00:00:00Z`).getUTCDay() + 6) % 7;
    const sunday = addDays(start, 6 - dow);
    out.push({ start, end: sunday < r.end ? sunday : r.end });
    start = addDays(sunday, 1);
  }
  return out;
}

export interface WeekRow {
  is_total: number;
  moneda: Moneda;
  semana: number;
  desde: string | null;
  hasta: string | null;
  venta: number | null;
  venta_anterior: number | null;
  variacion: number | null;
  meta: number | null;
  cumplimiento: number | null;
}

/**
 * The sums both statements read: the scope's sales per day of the partial months at the spans' edges (kind
 * 0), per whole month (kind 1), and its budget per month of the range's year (kind 2). Each figure is then a
 * sum of a few of them (FlashSums): 18 scalar subqueries over the sales cost DuckDB-WASM 40 to 80 ms.
 */
interface FlashSum {
  kind: number;
  moneda: Moneda;
  at: string;
  v: number;
}

/**
 * The currencies of the scope's sums: soles always (the table of the mall), dollars when the scope has any
 * dollar contract's sales or budget. Each is summed apart: soles and dollars are never added.
 */
function byCurrency(rows: readonly FlashSum[]): [Moneda, FlashSum[]][] {
  const usd = rows.filter((r) => r.moneda === "USD");
  return [
    ["PEN", rows.filter((r) => r.moneda !== "USD")],
    ...(usd.length ? [["USD", usd] as [Moneda, FlashSum[]]] : []),
  ];
}

/** The spans whose sales the report sums. */
function salesSpans(f: FlashFilters): Span[] {
  const y = yearOf(f);
  const weeks = [...rangeWeeks(f.range), f.range].flatMap((w) => [w, sameDaysIn(w, y - 1)]);
  const periods = projectionPeriods(f).flatMap((p) => {
    const { done, restPrev } = periodSpans(p, f.range.end);
    return [done, sameDaysIn(done, y - 1), restPrev, sameDaysIn(p.span, y - 1)];
  });
  return [...weeks, ...periods].filter((s) => !isEmpty(s));
}

/** A span's whole months and partial edges, or only days when the reports read daily rows alone. */
const split = (s: Span, monthly: boolean) => (monthly ? splitMonths(s) : { months: null, edges: [s] });

/** What the sums statement reads: the merged days of the partial months, and the whole months' span. */
interface SumsPlan {
  monthly: boolean;
  days: Span[];
  months: Span | null;
}

function sumsPlan(f: FlashFilters, monthly: boolean): SumsPlan {
  const spans = salesSpans(f).map((s) => split(s, monthly));
  const firsts = spans.flatMap((s) => (s.months ? [s.months.start, s.months.end] : [])).sort();
  return {
    monthly,
    days: mergeSpans(spans.flatMap((s) => s.edges)),
    months: firsts.length ? { start: firsts[0], end: firsts.at(-1)! } : null,
  };
}

function sumsSql(f: FlashFilters, plan: SumsPlan): string {
  const y = yearOf(f);
  const scope = `k.mall_id = ${int(f.mall)} and ${codeFilter("k.code", f.contract)}`;
  const from = (table: string) => `${table} x join contracts k on k.id = x.contract_id`;
  const branches = [
    ...plan.days.map((d) =>
      `select 0 as kind, k.currency as moneda, strftime(x.day, '%Y-%m-%d') as at, sum(x.amount_cents)::double as v
         from ${from("sales_daily")} where ${between("x.day", d)} and ${scope} group by all`
    ),
    ...(plan.months
      ? [`select 1, k.currency, strftime(x.month, '%Y-%m-%d'), sum(x.amount_cents)::double
         from ${from("sales_monthly")} where ${between("x.month", plan.months)} and ${scope} group by all`]
      : []),
    `select 2, k.currency, strftime(x.month, '%Y-%m-%d'), sum(x.amount)::double
       from ${from("budgets")} where ${
      between("x.month", { start: iso(y, 1, 1), end: iso(y, 12, 1) })
    } and ${scope}
      group by all`,
  ];
  return branches.join("\n  union all\n  ");
}

/** The report's figures from the sums: the sales and the prorated budget of any span. */
class FlashSums {
  readonly #days = new Map<string, number>();
  readonly #months = new Map<string, number>();
  readonly #budgets = new Map<string, number>();

  /** The plan the statement was built from: a span outside what it read is a developer's error, not 0. */
  constructor(rows: readonly FlashSum[], readonly plan: SumsPlan) {
    for (const r of rows) [this.#days, this.#months, this.#budgets][r.kind].set(r.at, r.v);
  }

  /** The scope's sales in the span, in the sums' currency (0 when none). */
  sales(s: Span): number {
    if (isEmpty(s)) return 0;
    const { months, edges } = split(s, this.plan.monthly);
    const read = this.plan.months;
    const outside = (months && !(read && months.start >= read.start && months.end <= read.end)) ||
      edges.some((e) => !this.plan.days.some((d) => e.start >= d.start && e.end <= d.end));
    if (outside) {
      throw new Error(`Cannot sum the sales of ${s.start} to ${s.end}: salesSpans does not read them`);
    }
    let cents = 0;
    if (months) {
      for (const [m, v] of this.#months) if (m >= months.start && m <= months.end) cents += v;
    }
    for (const e of edges) {
      for (const [d, v] of this.#days) if (d >= e.start && d <= e.end) cents += v;
    }
    return cents / 100;
  }

  /** Each month's budget times the share of its days inside the span (docs/metrics.md); 0 when none. */
  budget(s: Span): number {
    if (isEmpty(s)) return 0;
    let sum = 0;
    for (const [m, v] of this.#budgets) {
      const [my, mm] = parts(m);
      const last = iso(my, mm, daysInMonth(my, mm));
      if (m > s.end || last < s.start) continue;
      const from = m > s.start ? m : s.start, to = last < s.end ? last : s.end;
      sum += v * daysBetween({ start: from, end: to }) / daysInMonth(my, mm);
    }
    return sum;
  }
}

/** Per week: sales, the same calendar days of the year before, the prorated budget; then the range's total. */
export function weeksSql(f: FlashFilters) {
  const plan = sumsPlan(f, SALES_SOURCE.monthly);
  return shaped<FlashSum, WeekRow>(
    sumsSql(f, plan),
    (rows) => byCurrency(rows).flatMap(([moneda, of]) => weeksOf(f, plan, moneda, of)),
  );
}

function weeksOf(f: FlashFilters, plan: SumsPlan, moneda: Moneda, rows: FlashSum[]): WeekRow[] {
  const y = yearOf(f);
  const sums = new FlashSums(rows, plan);
  const row = (n: number, w: Span, isTotal: boolean): WeekRow => {
    const venta = sums.sales(w), anterior = sums.sales(sameDaysIn(w, y - 1)), meta = sums.budget(w);
    return {
      is_total: isTotal ? (moneda === "USD" ? 2 : 1) : 0,
      moneda,
      semana: n,
      desde: isTotal ? null : w.start,
      hasta: isTotal ? null : w.end,
      venta,
      venta_anterior: anterior,
      variacion: percentOf(venta - anterior, anterior),
      meta: meta > 0 ? meta : null,
      cumplimiento: percentOf(venta, meta),
    };
  };
  return [...rangeWeeks(f.range).map((w, i) => row(i + 1, w, false)), row(0, f.range, true)];
}

export interface ProjectionRow {
  periodo: "Mes" | "Año";
  moneda: Moneda;
  /** Sales from the period's first day to the range's last day. */
  a_la_fecha: number;
  /** The year before on the same days, and on the days still to come. */
  anterior_a_la_fecha: number;
  anterior_resto: number;
  /** How the rest was estimated: 'estacionalidad' (the year before's rest × the ratio) or 'promedio diario'. */
  metodo: string;
  factor: number | null;
  dias_resto: number;
  proyeccion: number;
  meta: number | null;
  cumplimiento: number | null;
  anterior_total: number;
  variacion: number | null;
}

interface Period {
  name: "Mes" | "Año";
  span: Span;
}

/** The month and the year of the range's last day. */
function projectionPeriods(f: FlashFilters): Period[] {
  const [y, m] = parts(f.range.end);
  return [
    { name: "Mes", span: { start: iso(y, m, 1), end: iso(y, m, daysInMonth(y, m)) } },
    { name: "Año", span: { start: iso(y, 1, 1), end: iso(y, 12, 31) } },
  ];
}

/** A period's days to the range's end, the days after it, and the latter in the year before. */
function periodSpans(p: Period, end: string) {
  const y = Number(end.slice(0, 4));
  const done: Span = { start: p.span.start, end };
  const rest: Span = { start: addDays(end, 1), end: p.span.end };
  return { done, rest, restPrev: isEmpty(rest) ? rest : sameDaysIn(rest, y - 1) };
}

/**
 * The month and the year of the range's last day: sales to date, and the projection = to date + the year
 * before's sales on the remaining days × (to date / the year before to date); without sales the year before
 * to date, the mean day to date × the remaining days.
 */
export function projectionSql(f: FlashFilters) {
  const plan = sumsPlan(f, SALES_SOURCE.monthly);
  return shaped<FlashSum, ProjectionRow>(
    sumsSql(f, plan),
    (rows) => byCurrency(rows).flatMap(([moneda, of]) => projectionsOf(f, plan, moneda, of)),
  );
}

function projectionsOf(f: FlashFilters, plan: SumsPlan, moneda: Moneda, rows: FlashSum[]): ProjectionRow[] {
  const end = f.range.end;
  const y = Number(end.slice(0, 4));
  const sums = new FlashSums(rows, plan);
  return projectionPeriods(f).map((p): ProjectionRow => {
    const { done, rest, restPrev } = periodSpans(p, end);
    const aLaFecha = sums.sales(done), anterior = sums.sales(sameDaysIn(done, y - 1));
    const anteriorResto = sums.sales(restPrev),
      diasResto = daysBetween(rest),
      diasHechos = daysBetween(done);
    const meta = sums.budget(p.span), anteriorTotal = sums.sales(sameDaysIn(p.span, y - 1));
    const seasonal = anterior > 0;
    const proyeccion = seasonal
      ? aLaFecha + anteriorResto * aLaFecha / anterior
      : diasHechos === 0
      ? aLaFecha
      : aLaFecha + aLaFecha / diasHechos * diasResto;
    return {
      periodo: p.name,
      moneda,
      a_la_fecha: aLaFecha,
      anterior_a_la_fecha: anterior,
      anterior_resto: anteriorResto,
      metodo: seasonal ? "estacionalidad" : "promedio diario",
      factor: seasonal ? aLaFecha / anterior : null,
      dias_resto: diasResto,
      proyeccion,
      meta: meta > 0 ? meta : null,
      cumplimiento: percentOf(proyeccion, meta),
      anterior_total: anteriorTotal,
      variacion: percentOf(proyeccion - anteriorTotal, anteriorTotal),
    };
  });
}

/** Days in a span, inclusive (0 when empty). */
export function daysBetween(s: Span): number {
  if (isEmpty(s)) return 0;
  return Math.round((Date.parse(`${s.end}T00:00:00Z`) - Date.parse(`${s.start}T00:00:00Z`)) / 86_400_000) + 1;
}
