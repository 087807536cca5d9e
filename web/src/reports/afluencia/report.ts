// Afluencia (spec 2: Reporting, the four traffic reports): pedestrians (per zone: Perimetro, or Oasis only
// in Santa Anita, mall 3) or parking vehicles, per day of a month or per month of a year, against a
// comparison year (docs/metrics.md, Afluencia). One folder for the four reports: they differ only in the
// family read and the period.

import { type Catalog, parsePartition, partitionKey, yearPartitions } from "#contract/extracts.ts";
import { shaped, statement } from "../../analytics/connector.ts";
import {
  addDays,
  daysInMonth,
  iso,
  mergeSpans,
  monthSpan,
  monthTo,
  parts,
  sameDaysIn,
  type Span,
} from "../shared/dates.ts";
import { date, int } from "../shared/sql.ts";
import { sumOf, variationOf } from "../shared/sums.ts";
import { type Fortnight, inFortnight } from "./fortnight.ts";

export type TrafficKind = "peatonal" | "parking";
export type Zone = "Perimetro" | "Oasis";
export const ZONES: Zone[] = ["Perimetro", "Oasis"];
/** The only mall with an Oasis zone (Santa Anita). */
export const OASIS_MALL = 3;

/** The zone a mall can show: Oasis only in mall 3, else Perimetro; 'Todas' (0) counts every zone (null). */
export function zoneFor(mall: number, zone: Zone): Zone | null {
  if (mall === 0) return null;
  return mall === OASIS_MALL ? zone : "Perimetro";
}

const FAMILY = { peatonal: "traffic_pedestrian", parking: "traffic_parking" } as const;
const VALUE = { peatonal: "visitors", parking: "vehicles" } as const;

export const trafficPartitions = (kind: TrafficKind, years: readonly number[]) => [
  ...yearPartitions(FAMILY[kind], [...new Set(years)].sort()),
  partitionKey("malls"),
];

/** Years with traffic of the kind in the catalogue (the warning's 'Se encontro datos en el año Y'). */
export function trafficYears(cat: Catalog, kind: TrafficKind): number[] {
  return cat.table.map((e) => parsePartition(e.partition)).filter((p) => p?.family === FAMILY[kind])
    .map((p) => p!.year).sort();
}

const weekdayOf = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay();

/**
 * The same weekday in another year: the day of that weekday nearest to the same calendar day (29 February
 * taken as the 28th), at most 3 days away. A Saturday is compared with a Saturday.
 */
export function sameWeekday(day: string, year: number): string {
  const [, m, d] = parts(day);
  const base = iso(year, m, Math.min(d, daysInMonth(year, m)));
  let delta = weekdayOf(day) - weekdayOf(base);
  if (delta > 3) delta -= 7;
  if (delta < -3) delta += 7;
  return addDays(base, delta);
}

/** A day of the report month and the days it is compared with. */
export interface DayPlan {
  dia: number;
  fecha: string;
  /** The same calendar day of the comparison year; null for 29 February against a common year. */
  calendario: string | null;
  semana: string;
}

export function dailyPlan(year: number, month: number, comparisonYear: number): DayPlan[] {
  return Array.from({ length: daysInMonth(year, month) }, (_, i) => {
    const fecha = iso(year, month, i + 1);
    const calendario = i + 1 > daysInMonth(comparisonYear, month) ? null : iso(comparisonYear, month, i + 1);
    return { dia: i + 1, fecha, calendario, semana: sameWeekday(fecha, comparisonYear) };
  });
}

/** Every year a daily report reads (a week's alignment may cross into the year next to the comparison year). */
export function dailyYears(plan: DayPlan[]): number[] {
  const ys = plan.flatMap((p) => [p.fecha, p.calendario, p.semana]).filter((x): x is string => !!x)
    .map((x) => parts(x)[0]);
  return [...new Set(ys)].sort();
}

/**
 * The rows of the family for the mall and zone in the spans, summed per day (a union of range scans over the
 * spans merged: a day in two spans, as when the comparison year is the report year, is read once).
 */
function perDaySql(kind: TrafficKind, mall: number, zone: Zone, spans: Span[]): string {
  const z = zoneFor(mall, zone);
  const filters = [
    ...(mall ? [`mall_id = ${int(mall)}`] : []),
    ...(kind === "peatonal" && z ? [`zone = '${z === "Oasis" ? "Oasis" : "Perimetro"}'`] : []),
  ];
  const scans = mergeSpans(spans).map((s) =>
    `select day, ${VALUE[kind]} as v from ${FAMILY[kind]} where day between ${date(s.start)} and ${
      date(s.end)
    }${filters.map((f) => ` and ${f}`).join("")}`
  );
  return `select day, sum(v)::double as v from (${scans.join(" union all ")}) group by day`;
}

const d = (s: string | null) => (s ? date(s) : "cast(null as date)");
const span = (days: string[]): Span => ({
  start: days.reduce((a, b) => (a < b ? a : b)),
  end: days.reduce((a, b) => (a > b ? a : b)),
});
const variation = (a: string, b: string) => `((${a} - ${b}) / nullif(${b}, 0) * 100)::double`;

/** A day: its figure, the same calendar day's and the same weekday's of the comparison year. */
export interface DailyRow {
  is_total: number;
  dia: number | null;
  fecha: string | null;
  fecha_calendario: string | null;
  fecha_semana: string | null;
  actual: number | null;
  calendario: number | null;
  var_calendario: number | null;
  semana: number | null;
  var_semana: number | null;
}

/**
 * Each day of the month against the same calendar day and the same weekday of the comparison year, and the
 * month's total over the days before today (the days with traffic so far) for all three.
 */
export function dailySql(
  kind: TrafficKind,
  f: {
    mall: number;
    zone: Zone;
    year: number;
    month: number;
    comparisonYear: number;
    today: string;
    fortnight?: Fortnight;
  },
) {
  const plan = inFortnight(dailyPlan(f.year, f.month, f.comparisonYear), f.fortnight);
  const cmpDays = plan.flatMap((p) => [p.calendario, p.semana]).filter((x): x is string => !!x);
  const spans = [monthSpan(f.year, f.month), span(cmpDays)];
  return dailyStatement(kind, f, plan, spans);
}

function dailyStatement(
  kind: TrafficKind,
  f: { mall: number; zone: Zone; year: number; month: number; comparisonYear: number; today: string },
  plan: DayPlan[],
  spans: Span[],
) {
  const values = plan.map((p) => `(${int(p.dia)}, ${d(p.fecha)}, ${d(p.calendario)}, ${d(p.semana)})`).join(
    ", ",
  );
  return statement<DailyRow>(`with
  plan(dia, fecha, fc, fs) as (values ${values}),
  src as (${perDaySql(kind, f.mall, f.zone, spans)}),
  r as (
    select p.dia, p.fecha, p.fc, p.fs, a.v as actual, c.v as calendario, s.v as semana, p.fecha < ${
    date(f.today)
  } as past
      from plan p left join src a on a.day = p.fecha left join src c on c.day = p.fc left join src s on s.day = p.fs)
  select 0 as is_total, dia, strftime(fecha, '%Y-%m-%d') as fecha, strftime(fc, '%Y-%m-%d') as fecha_calendario,
         strftime(fs, '%Y-%m-%d') as fecha_semana, actual, calendario, ${
    variation("actual", "calendario")
  } as var_calendario,
         semana, ${variation("actual", "semana")} as var_semana
    from r
  union all
  select 1, null, null, null, null, sum(actual) filter (where past), sum(calendario) filter (where past),
         ${variation("sum(actual) filter (where past)", "sum(calendario) filter (where past)")},
         sum(semana) filter (where past), ${
    variation("sum(actual) filter (where past)", "sum(semana) filter (where past)")
  }
    from r
  order by is_total, dia`);
}

/** A month: its figure against the comparison year's, and the year to date of both. */
export interface MonthlyRow {
  is_total: number;
  mes: number | null;
  actual: number | null;
  comparado: number | null;
  variacion: number | null;
  acumulado: number | null;
  acumulado_comparado: number | null;
  var_acumulado: number | null;
}

/** The spans of each month: the report year's to yesterday (null when not begun), and the comparison's. */
export function monthlyPlan(year: number, comparisonYear: number, today: string) {
  const last = addDays(today, -1);
  return Array.from({ length: 12 }, (_, i) => {
    const act = monthTo(year, i + 1, last);
    const begun = act.start <= act.end;
    const whole = begun && act.end === monthSpan(year, i + 1).end;
    return {
      mes: i + 1,
      act: begun ? act : null,
      cmp: begun && !whole ? sameDaysIn(act, comparisonYear) : monthSpan(comparisonYear, i + 1),
    };
  });
}

/** A day's traffic (the mall's, in the zone), as DuckDB sums it. */
interface DayValue {
  day: string;
  v: number;
}

/** sum(v) over the days of the span: null for no span or no day (SQL's sum of no rows). */
function sumIn(days: readonly DayValue[], s: Span | null): number | null {
  let out: number | null = null;
  if (s) { for (const d of days) if (d.day >= s.start && d.day <= s.end) out = sumOf(out, d.v); }
  return out;
}

/**
 * The months of the plan from the days: each month's figure and its comparison, the running year to date
 * of both (begun months only), then the total row (the year to date). Once written as SQL with two scalar
 * subqueries per month and a window: a pure function over a year's 730 days costs nothing.
 */
export function monthlyRows(plan: ReturnType<typeof monthlyPlan>, days: readonly DayValue[]): MonthlyRow[] {
  let acc = 0, accCmp = 0;
  let total: number | null = null, totalCmp: number | null = null;
  const rows = plan.map((p): MonthlyRow => {
    const begun = p.act !== null;
    const actual = sumIn(days, p.act), comparado = sumIn(days, p.cmp);
    acc += actual ?? 0;
    accCmp += comparado ?? 0;
    if (begun) [total, totalCmp] = [sumOf(total, actual), sumOf(totalCmp, comparado)];
    const acumulado = begun ? acc : null, acumuladoCmp = begun ? accCmp : null;
    return {
      is_total: 0,
      mes: p.mes,
      actual,
      comparado,
      variacion: begun ? variationOf(actual, comparado) : null,
      acumulado,
      acumulado_comparado: acumuladoCmp,
      var_acumulado: variationOf(acumulado, acumuladoCmp),
    };
  });
  return [...rows, {
    is_total: 1,
    mes: null,
    actual: total,
    comparado: totalCmp,
    variacion: variationOf(total, totalCmp),
    acumulado: total,
    acumulado_comparado: totalCmp,
    var_acumulado: variationOf(total, totalCmp),
  }];
}

/**
 * Each month of the year (to yesterday; a running month against the same calendar days) against the
 * comparison year, the year to date of both, and the total row (the year to date): DuckDB sums the days,
 * monthlyRows the months.
 */
export function monthlySql(
  kind: TrafficKind,
  f: { mall: number; zone: Zone; year: number; comparisonYear: number; today: string },
) {
  const plan = monthlyPlan(f.year, f.comparisonYear, f.today);
  const spans = [
    { start: `${f.year}-01-01`, end: `${f.year}-12-31` },
    ...(f.comparisonYear !== f.year
      ? [{ start: `${f.comparisonYear}-01-01`, end: `${f.comparisonYear}-12-31` }]
      : []),
  ];
  return shaped<DayValue, MonthlyRow>(
    `select strftime(day, '%Y-%m-%d') as day, v from (${perDaySql(kind, f.mall, f.zone, spans)})`,
    (days) => monthlyRows(plan, days),
  );
}
