// Flash Semanal (/Reportes/ReporteProyeccionesIndex): a mall's (or one contract's) sales week by week over a
// date range against the same days of the year before and the budget, and the projection of the month and
// the year of the range's last day (docs/metrics.md, Flash Semanal). Projections live in this report only.

import { partitionKey, salesPartitions } from "../../../../contract/extracts.ts";
import { statement } from "../../analytics/connector.ts";
import { addDays, daysInMonth, iso, parts, sameDaysIn, type Span } from "../shared/dates.ts";
import { codeFilter } from "../provision-ventas/report.ts";
import { int, salesRowsSql } from "../shared/sql.ts";
import { spanBudgetSql } from "../ranking-mall/report.ts";

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
  semana: number;
  desde: string | null;
  hasta: string | null;
  venta: number | null;
  venta_anterior: number | null;
  variacion: number | null;
  meta: number | null;
  cumplimiento: number | null;
}

/** The sum of the scope's sales in a span (a scalar subquery). */
const salesIn = (f: FlashFilters, s: Span) =>
  s.start > s.end ? "0.0" : `(select coalesce(sum(r.amount_cents), 0) / 100.0 from (${salesRowsSql(s)}) r
      join contracts k on k.id = r.contract_id where k.mall_id = ${int(f.mall)} and ${
    codeFilter("k.code", f.contract)
  })`;
const budgetIn = (f: FlashFilters, s: Span) =>
  s.start > s.end ? "0.0" : `(select coalesce(sum(b.budget), 0) from (${spanBudgetSql(s)}) b
      join contracts k on k.id = b.contract_id where k.mall_id = ${int(f.mall)} and ${
    codeFilter("k.code", f.contract)
  })`;

/** Per week: sales, the same calendar days of the year before, the prorated budget; then the range's total. */
export function weeksSql(f: FlashFilters) {
  const y = yearOf(f);
  const row = (n: number, w: Span, isTotal: boolean) => {
    const prev = sameDaysIn(w, y - 1);
    return `select ${isTotal ? 1 : 0} as is_total, ${int(n)} as semana, ${
      isTotal ? "null" : `'${w.start}'`
    } as desde,
            ${isTotal ? "null" : `'${w.end}'`} as hasta, ${salesIn(f, w)} as venta, ${
      salesIn(f, prev)
    } as venta_anterior,
            ${budgetIn(f, w)} as meta`;
  };
  const weeks = rangeWeeks(f.range);
  return statement<WeekRow>(`with w as (
    ${[...weeks.map((w, i) => row(i + 1, w, false)), row(0, f.range, true)].join("\n    union all\n    ")})
  select is_total, semana, desde, hasta, venta::double as venta, venta_anterior::double as venta_anterior,
         ((venta - venta_anterior) / nullif(venta_anterior, 0) * 100)::double as variacion,
         (case when meta > 0 then meta end)::double as meta,
         (venta / nullif(meta, 0) * 100)::double as cumplimiento
    from w order by is_total, semana`);
}

export interface ProjectionRow {
  periodo: "Mes" | "Año";
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

/**
 * The month and the year of the range's last day: sales to date, and the projection = to date + the year
 * before's sales on the remaining days × (to date / the year before to date); without sales the year before
 * to date, the mean day to date × the remaining days.
 */
export function projectionSql(f: FlashFilters) {
  const end = f.range.end;
  const [y, m] = parts(end);
  const periods: { name: string; span: Span }[] = [
    { name: "Mes", span: { start: iso(y, m, 1), end: iso(y, m, daysInMonth(y, m)) } },
    { name: "Año", span: { start: iso(y, 1, 1), end: iso(y, 12, 31) } },
  ];
  const row = (p: { name: string; span: Span }) => {
    const done: Span = { start: p.span.start, end };
    const rest: Span = { start: addDays(end, 1), end: p.span.end };
    const doneDays = daysBetween(done);
    const restPrev = rest.start > rest.end ? rest : sameDaysIn(rest, y - 1);
    return `select '${p.name}' as periodo, ${salesIn(f, done)} as a_la_fecha,
            ${salesIn(f, sameDaysIn(done, y - 1))} as anterior_a_la_fecha,
            ${salesIn(f, restPrev)} as anterior_resto,
            ${int(daysBetween(rest))} as dias_resto, ${int(doneDays)} as dias_hechos,
            ${budgetIn(f, p.span)} as meta, ${salesIn(f, sameDaysIn(p.span, y - 1))} as anterior_total`;
  };
  return statement<ProjectionRow>(`with p as (${periods.map(row).join(" union all ")}),
  q as (
    select *, case when anterior_a_la_fecha > 0 then 'estacionalidad' else 'promedio diario' end as metodo,
           case when anterior_a_la_fecha > 0 then a_la_fecha / anterior_a_la_fecha end as factor,
           a_la_fecha + case when anterior_a_la_fecha > 0 then anterior_resto * a_la_fecha / anterior_a_la_fecha
                             else a_la_fecha / nullif(dias_hechos, 0) * dias_resto end as proyeccion
      from p)
  select periodo, a_la_fecha::double as a_la_fecha, anterior_a_la_fecha::double as anterior_a_la_fecha,
         anterior_resto::double as anterior_resto, metodo, factor::double as factor, dias_resto::int as dias_resto,
         coalesce(proyeccion, a_la_fecha)::double as proyeccion, (case when meta > 0 then meta end)::double as meta,
         (coalesce(proyeccion, a_la_fecha) / nullif(meta, 0) * 100)::double as cumplimiento,
         anterior_total::double as anterior_total,
         ((coalesce(proyeccion, a_la_fecha) - anterior_total) / nullif(anterior_total, 0) * 100)::double as variacion
    from q order by periodo desc`);
}

/** Days in a span, inclusive (0 when empty). */
export function daysBetween(s: Span): number {
  if (s.start > s.end) return 0;
  return Math.round((Date.parse(`${s.end}T00:00:00Z`) - Date.parse(`${s.start}T00:00:00Z`)) / 86_400_000) + 1;
}
