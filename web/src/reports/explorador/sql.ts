// Explorador de Ventas (issue 41): the one statement a slice is computed with, built from the person's
// choice. Pure. Nothing a person typed reaches the SQL: dimensions and measures are enums (contract/
// explorer.ts), ids pass `int`, dates `date`, CeBe codes a strict pattern.
//
// Figures (docs/metrics.md): sales are the closings of exactly the range's days (salesRowsSql); amounts are
// never added across currencies, so every amount measure has a soles and a dollar column; per m2 divides by
// the area of the contracts that sold in the cell; the comparison reads the same calendar days of another
// year (sameDaysIn), its amounts brought to the report year with 'Inflación' (inflationCte). A subtotal is
// computed from the contracts of its own cell, never by adding the cells' ratios.

import {
  BUDGET_MEASURES,
  CEBE_CODE,
  CONTRACT_DIMS,
  DAY_DIMS,
  type Dimension,
  type ExplorerState,
  type Measure,
  MONEY_MEASURES,
  TRAFFIC_MEASURES,
} from "#contract/explorer.ts";
import { partitionKey, salesPartitions, yearPartitions } from "#contract/extracts.ts";
import { statement } from "../../analytics/connector.ts";
import { parts, sameDaysIn, type Span } from "../shared/dates.ts";
import { between, date, inflationCte, int, salesRowsSql } from "../shared/sql.ts";

export type Moneda = "PEN" | "USD";

export const SAME_YEAR = "Para comparar con otro año, el rango de fechas debe estar dentro del mismo año.";
export const NO_BUDGET_BY_DAY =
  "El presupuesto es mensual: no se muestra por semana, día de la semana ni día.";
export const NO_MEASURE =
  "Ninguna de las medidas elegidas se puede mostrar con estas filas, columnas y filtros.";
export const NO_TRAFFIC_BY_CONTRACT =
  "La afluencia es por mall y día: no se muestra por rubro, CeBe, contrato ni moneda, ni con esos filtros.";

/** The SQL of a dimension on the base rows `b`: its key (sorts and filters) and its label. */
const DIM_SQL: Record<Dimension, { key: string; label: string }> = {
  mall: { key: "b.mall_id", label: "b.mall_name" },
  categoria: { key: "b.category_id", label: "b.category_name" },
  cebe: { key: "b.cebe_code", label: "concat_ws(' ', b.cebe_code, b.cebe_name)" },
  contrato: { key: "b.contract_id", label: "concat_ws(' · ', b.code, b.denominacion)" },
  moneda: { key: "b.currency", label: "case when b.currency = 'USD' then '$' else 'S/' end" },
  anio: { key: "year(b.day)", label: "year(b.day)::varchar" },
  trimestre: { key: "quarter(b.day)", label: "'T' || quarter(b.day)" },
  mes: { key: "month(b.day)", label: "strftime(b.day, '%m')" },
  semana: { key: "weekofyear(b.day)", label: "'Sem ' || weekofyear(b.day)" },
  dia_semana: { key: "isodow(b.day)", label: "isodow(b.day)::varchar" },
  dia: { key: "b.day", label: "strftime(b.day, '%d/%m/%Y')" },
};

/** The periods of a slice: the range and, when comparing, the same calendar days of the other year. */
export interface Periods {
  act: Span;
  cmp: Span | null;
  year: number;
  comparisonYear: number | null;
}

export function periodsOf(s: ExplorerState): Periods {
  const act = { start: s.desde, end: s.hasta };
  const year = parts(s.desde)[0];
  if (s.comparar === null) return { act, cmp: null, year, comparisonYear: null };
  if (parts(s.hasta)[0] !== year) throw new Error(SAME_YEAR);
  return { act, cmp: sameDaysIn(act, s.comparar), year, comparisonYear: s.comparar };
}

/** Why a slice cannot be computed as chosen (shown instead of figures), or null. */
export function sliceError(s: ExplorerState): string | null {
  if (s.comparar !== null && s.desde.slice(0, 4) !== s.hasta.slice(0, 4)) return SAME_YEAR;
  return measuresOf(s).measures.length ? null : NO_MEASURE;
}

const dimsOf = (s: ExplorerState): Dimension[] => [...s.filas, ...s.columnas];
const byDay = (s: ExplorerState) => dimsOf(s).some((d) => DAY_DIMS.includes(d));
const trafficAllowed = (s: ExplorerState) =>
  !dimsOf(s).some((d) => CONTRACT_DIMS.includes(d) && d !== "mall") &&
  s.rubros.length === 0 && s.cebes.length === 0 && s.contratos.length === 0;

/** The measures the grain allows, and a note for each kind left out. */
export function measuresOf(s: ExplorerState): { measures: Measure[]; notes: string[] } {
  const notes: string[] = [];
  let measures = [...s.medidas];
  if (byDay(s) && measures.some((m) => BUDGET_MEASURES.includes(m))) {
    measures = measures.filter((m) => !BUDGET_MEASURES.includes(m));
    notes.push(NO_BUDGET_BY_DAY);
  }
  if (!trafficAllowed(s) && measures.some((m) => TRAFFIC_MEASURES.includes(m))) {
    measures = measures.filter((m) => !TRAFFIC_MEASURES.includes(m));
    notes.push(NO_TRAFFIC_BY_CONTRACT);
  }
  return { measures, notes };
}

/** The currencies shown: the one filtered, else both (each amount measure has a column per currency). */
export const currenciesOf = (s: ExplorerState): Moneda[] => (s.moneda ? [s.moneda] : ["PEN", "USD"]);

/** A figure column of the statement: a measure, in a currency (amounts), of the range or the comparison. */
export interface Figure {
  name: string;
  measure: Measure;
  moneda: Moneda | null;
  cmp: boolean;
}

export function figuresOf(s: ExplorerState): Figure[] {
  const { measures } = measuresOf(s);
  const sides = s.comparar === null ? [false] : [false, true];
  return measures.flatMap((m) =>
    (MONEY_MEASURES.includes(m) ? currenciesOf(s) : [null]).flatMap((moneda) =>
      sides.map((cmp) => ({
        name: `${m}${moneda ? `_${moneda.toLowerCase()}` : ""}${cmp ? "_cmp" : ""}`,
        measure: m,
        moneda,
        cmp,
      }))
    )
  );
}

/** The SQL of a figure over the per-contract rows `c` of a cell. */
function figureSql(f: Figure): string {
  const side = f.cmp ? "cmp" : "act";
  const cur = (col: string) => `sum(case when c.currency = '${f.moneda}' then c.${col}_${side} end)`;
  switch (f.measure) {
    case "ventas":
      return `${cur("cents")} / 100.0`;
    case "ventas_m2":
      return `${cur("cents")} / 100.0 / nullif(${cur("area")}, 0)`;
    case "transacciones":
      return `sum(c.tx_${side})`;
    case "ticket":
      return `${cur("cents")} / 100.0 / nullif(${cur("tx")}, 0)`;
    case "presupuesto":
      return cur("budget");
    case "cumplimiento":
      return `${cur("cents")} / 100.0 / nullif(${cur("budget")}, 0) * 100`;
    case "peatones":
      return `sum(c.visitors_${side})`;
    case "vehiculos":
      return `sum(c.vehicles_${side})`;
    case "venta_visitante":
      return `${cur("cents")} / 100.0 / nullif(sum(c.visitors_${side}), 0)`;
  }
}

const codes = (xs: readonly string[]) =>
  xs.map((x) => {
    if (!CEBE_CODE.test(x)) throw new Error(`Cannot filter by CeBe: bad code ${x}`);
    return `'${x}'`;
  }).join(", ");
const ints = (xs: readonly number[]) => xs.map(int).join(", ");

/** The contracts the filters keep (on `k`), and the malls (on the column given). */
function contractFilter(s: ExplorerState): string {
  return [
    s.rubros.length ? `k.category_id in (${ints(s.rubros)})` : "",
    s.contratos.length ? `k.id in (${ints(s.contratos)})` : "",
    s.cebes.length ? `k.cebe_code in (${codes(s.cebes)})` : "",
    s.moneda ? `k.currency = '${s.moneda === "USD" ? "USD" : "PEN"}'` : "",
  ].filter(Boolean).join(" and ") || "true";
}
const mallsFilter = (s: ExplorerState, col: string) =>
  s.malls.length ? `${col} in (${ints(s.malls)})` : "true";

/** The first days of the months a span touches (budgets are monthly). */
const monthsOf = (sp: Span): Span => ({ start: `${sp.start.slice(0, 8)}01`, end: sp.end });

/**
 * CTE `b`: one row per source row, of both periods, a comparison row moved to the same calendar day of the
 * report year (so its month, quarter and week are the report's) with its amounts brought there by `infl`.
 */
function baseCtes(s: ExplorerState, p: Periods, measures: readonly Measure[]): string {
  const monthly = !byDay(s);
  const budget = measures.some((m) => BUDGET_MEASURES.includes(m));
  const traffic = measures.some((m) => TRAFFIC_MEASURES.includes(m));
  const shift = p.comparisonYear === null ? 0 : p.year - p.comparisonYear;
  const moved = (isAct: boolean, col: string) =>
    isAct || shift === 0 ? col : `(${col} + to_years(${int(shift)}))::date`;
  const sides: [boolean, Span][] = [[true, p.act], ...(p.cmp ? [[false, p.cmp] as [boolean, Span]] : [])];
  const rows: string[] = [];
  for (const [isAct, span] of sides) {
    rows.push(`select contract_id, null::int as mall_id, ${moved(isAct, "day")} as day, ${isAct} as is_act,
        amount_cents::double as cents, transactions::bigint as tx, null::double as budget,
        null::bigint as visitors, null::bigint as vehicles
      from (${salesRowsSql(span, monthly)})`);
    if (budget) {
      rows.push(`select contract_id, null, ${moved(isAct, "month")}, ${isAct}, null, null, amount, null, null
      from budgets where ${between("month", monthsOf(span))}`);
    }
    if (traffic) {
      rows.push(`select null, mall_id, ${moved(isAct, "day")}, ${isAct}, null, null, null, sum(visitors), null
      from traffic_pedestrian where ${between("day", span)} group by mall_id, day`);
      rows.push(`select null, mall_id, ${moved(isAct, "day")}, ${isAct}, null, null, null, null, vehicles
      from traffic_parking where ${between("day", span)}`);
    }
  }
  const factor = p.comparisonYear === null ? "1.0" : "case when r.is_act then 1.0 else f.factor end";
  return `${inflationCte(s.inflacion && p.comparisonYear !== null, p.comparisonYear ?? p.year, p.year)},
  r as (${rows.join("\n    union all ")}),
  b as (
    select r.contract_id, coalesce(k.mall_id, r.mall_id)::int as mall_id, m.name as mall_name,
           k.category_id, g.name as category_name, k.cebe_code, k.cebe_name, k.code, k.denominacion,
           coalesce(k.currency, 'PEN') as currency, k.area, r.day, r.is_act,
           r.cents * ${factor} as cents, r.tx, r.budget * ${factor} as budget, r.visitors, r.vehicles
      from r
      join infl f on f.month = month(r.day)
      left join contracts k on k.id = r.contract_id
      left join malls m on m.id = coalesce(k.mall_id, r.mall_id)
      left join categories g on g.id = k.category_id
     where (r.contract_id is null or (k.id is not null and ${contractFilter(s)}))
       and ${mallsFilter(s, "coalesce(k.mall_id, r.mall_id)")})`;
}

/** The grouping sets: each prefix of the rows (the total first), with the columns and without them. */
export function groupingSets(s: ExplorerState): { dims: Dimension[]; rows: number; cols: boolean }[] {
  const out: { dims: Dimension[]; rows: number; cols: boolean }[] = [];
  for (let r = 0; r <= s.filas.length; r++) {
    const lead = s.filas.slice(0, r);
    if (s.columnas.length) out.push({ dims: [...lead, ...s.columnas], rows: r, cols: true });
    out.push({ dims: lead, rows: r, cols: false });
  }
  return out;
}

/**
 * One row per cell of every grouping set: `_r` the row dimensions it keeps (a prefix), `_c` 1 when it keeps
 * the column dimensions; `k_<dim>` and `n_<dim>` each dimension's key and label (null where not kept); a
 * column per figure (figuresOf).
 */
export function explorerSql(s: ExplorerState) {
  const p = periodsOf(s);
  const { measures } = measuresOf(s);
  const figures = figuresOf(s);
  if (figures.length === 0) throw new Error(NO_MEASURE);
  const all = dimsOf(s);
  const sideSum = (col: string) =>
    ["act", "cmp"].map((side) =>
      `sum(case when b.is_act = ${side === "act"} then b.${col} end) as ${col}_${side}`
    );
  const perContract = [
    ...sideSum("cents"),
    ...sideSum("tx"),
    ...sideSum("budget"),
    ...sideSum("visitors"),
    ...sideSum("vehicles"),
    // The area counts where the contract sold in the cell (docs/metrics.md, per m2).
    ...["act", "cmp"].map((side) =>
      `case when sum(case when b.is_act = ${
        side === "act"
      } then b.cents end) > 0 then any_value(b.area) end as area_${side}`
    ),
    "any_value(b.currency) as currency",
  ];
  const selects = groupingSets(s).map((g) => {
    const keys = g.dims.flatMap((d) => [`${DIM_SQL[d].key} as k_${d}`, `${DIM_SQL[d].label} as n_${d}`]);
    const groupBy = ["b.contract_id", ...g.dims.flatMap((d) => [DIM_SQL[d].key, DIM_SQL[d].label])];
    const outer = all.flatMap((d) =>
      g.dims.includes(d) ? [`c.k_${d}`, `c.n_${d}`] : [`null as k_${d}`, `null as n_${d}`]
    );
    const outerGroup = g.dims.flatMap((d) => [`c.k_${d}`, `c.n_${d}`]);
    return `select ${int(g.rows)} as _r, ${g.cols ? 1 : 0} as _c${
      outer.length ? `, ${outer.join(", ")}` : ""
    },
         ${figures.map((f) => `(${figureSql(f)})::double as ${f.name}`).join(",\n         ")}
    from (select ${[...keys, ...perContract].join(", ")} from b group by ${groupBy.join(", ")}) c
    ${outerGroup.length ? `group by ${outerGroup.join(", ")}` : ""}`;
  });
  const order = ["_r", "_c", ...all.map((d) => `k_${d}`)].join(", ");
  return statement<ExplorerRow>(`with ${baseCtes(s, p, measures)}
  ${selects.join("\n  union all\n  ")}
  order by ${order}`);
}

export type ExplorerRow = { _r: number; _c: number } & Record<string, string | number | null>;

/** The partitions a slice reads: the years of both periods, every mall unless filtered. */
export function explorerPartitions(s: ExplorerState, mallIds: readonly number[]): string[] {
  const p = periodsOf(s);
  const { measures } = measuresOf(s);
  const years: number[] = [];
  for (const sp of [p.act, ...(p.cmp ? [p.cmp] : [])]) {
    for (let y = parts(sp.start)[0]; y <= parts(sp.end)[0]; y++) years.push(y);
  }
  const ys = [...new Set(years)];
  const malls = s.malls.length ? mallIds.filter((m) => s.malls.includes(m)) : mallIds;
  return [
    ...salesPartitions(malls, ys),
    ...(measures.some((m) => BUDGET_MEASURES.includes(m)) ? yearPartitions("budgets", ys) : []),
    ...(measures.some((m) => m === "peatones" || m === "venta_visitante")
      ? yearPartitions("traffic_pedestrian", ys)
      : []),
    ...(measures.includes("vehiculos") ? yearPartitions("traffic_parking", ys) : []),
    ...(["contracts", "categories", "inflation", "malls"] as const).map((x) => partitionKey(x)),
  ];
}

/** A cell's coordinates: the key of each dimension it is on. */
export type Cell = Partial<Record<Dimension, string | number>>;

/** The value of a key in SQL, checked for its dimension. */
function keySql(d: Dimension, v: string | number): string {
  if (d === "dia") return date(String(v));
  if (d === "cebe") return codes([String(v)]);
  if (d === "moneda") return v === "USD" ? "'USD'" : "'PEN'";
  return int(Number(v));
}

/** The closings a drill lists at most (the newest). */
export const DRILL_LIMIT = 5000;
export const DRILL_CUT = "Se muestran los 5,000 cierres más recientes.";

export interface DrillRow {
  dia: string;
  periodo: string;
  mall: string;
  contrato: string;
  denominacion: string;
  moneda: string;
  monto: number;
  transacciones: number;
}

/** The daily closings behind a cell, of both periods (the comparison's on their own days), newest first. */
export function drillSql(s: ExplorerState, cell: Cell) {
  const p = periodsOf(s);
  const shift = p.comparisonYear === null ? 0 : p.year - p.comparisonYear;
  const sides: [boolean, Span][] = [[true, p.act], ...(p.cmp ? [[false, p.cmp] as [boolean, Span]] : [])];
  const rows = sides.map(([isAct, span]) =>
    `select contract_id, day, ${
      isAct || shift === 0 ? "day" : `(day + to_years(${int(shift)}))::date`
    } as at, ${isAct} as is_act, amount_cents, transactions from sales_daily where ${between("day", span)}`
  ).join(" union all ");
  const where = Object.entries(cell).map(([d, v]) => {
    const dim = d as Dimension;
    return `${DIM_SQL[dim].key.replaceAll("b.day", "b.at")} = ${keySql(dim, v!)}`;
  });
  return statement<DrillRow>(`with b as (
    select d.day, d.at, d.is_act, d.amount_cents, d.transactions, d.contract_id, k.mall_id, k.category_id,
           k.cebe_code, k.code, k.denominacion, coalesce(k.currency, 'PEN') as currency, m.name as mall_name
      from (${rows}) d join contracts k on k.id = d.contract_id left join malls m on m.id = k.mall_id
     where ${contractFilter(s)} and ${mallsFilter(s, "k.mall_id")})
  select b.day::varchar as dia, year(b.day)::varchar as periodo, b.mall_name as mall, b.code as contrato,
         b.denominacion, case when b.currency = 'USD' then '$' else 'S/' end as moneda,
         (b.amount_cents / 100.0)::double as monto, b.transactions::int as transacciones
    from b where ${where.join(" and ") || "true"}
   order by b.day desc, b.code
   limit ${int(DRILL_LIMIT)}`);
}
