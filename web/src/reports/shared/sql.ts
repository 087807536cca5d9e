// SQL pieces every sales report shares (docs/metrics.md). Values are put into the text only after being
// checked as integers or ISO dates: no text from a person reaches the SQL.

import { addDays, daysInMonth, isEmpty, iso, parts, type Span } from "./dates.ts";

export function int(n: number): string {
  if (!Number.isSafeInteger(n)) throw new Error(`no es un entero: ${n}`);
  return String(n);
}

export function date(s: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) throw new Error(`no es una fecha: ${s}`);
  return `DATE '${s}'`;
}

export const between = (col: string, s: Span) => `${col} between ${date(s.start)} and ${date(s.end)}`;

/**
 * Where the sales figures come from: the monthly pre-aggregate for whole months (the default) or only the
 * daily rows (the report tests compare both paths on the same data).
 */
export const SALES_SOURCE = { monthly: true };

/** A span as its whole months (the first days of the first and the last, or null) and its partial edges. */
export function splitMonths(s: Span): { months: Span | null; edges: Span[] } {
  if (s.start > s.end) return { months: null, edges: [] };
  const [ys, ms, ds] = parts(s.start), [ye, me, de] = parts(s.end);
  // The first day of the first whole month, and the first day of the month after the last whole one.
  const from = ds === 1 ? s.start : iso(ys + (ms === 12 ? 1 : 0), (ms % 12) + 1, 1);
  const until = de === daysInMonth(ye, me) ? iso(ye + (me === 12 ? 1 : 0), (me % 12) + 1, 1) : iso(ye, me, 1);
  if (from >= until) return { months: null, edges: [s] };
  const edges: Span[] = [];
  if (s.start < from) edges.push({ start: s.start, end: addDays(from, -1) });
  if (until <= s.end) edges.push({ start: until, end: s.end });
  const [ly, lm] = parts(addDays(until, -1));
  return { months: { start: from, end: iso(ly, lm, 1) }, edges };
}

/**
 * The sales of exactly the span's days as rows (contract_id, day, amount_cents, transactions, days): one row
 * per contract and whole month from the monthly pre-aggregate (`day` its first day, `days` the days with a
 * closing) and the daily rows of the partial months at its edges (`days` 1). Grouped by month(day), both
 * kinds give the same sums; a contract has a row in the span exactly when it had a closing in it.
 */
export function salesRowsSql(span: Span, monthly = SALES_SOURCE.monthly): string {
  const daily = (s: Span) =>
    `select contract_id, day, amount_cents, transactions, 1 as days from sales_daily where ${
      between("day", s)
    }`;
  if (!monthly) return daily(span);
  const { months, edges } = splitMonths(span);
  const parts = [
    ...(months
      ? [
        `select contract_id, month as day, amount_cents, transactions, days from sales_monthly where ${
          between("month", months)
        }`,
      ]
      : []),
    ...edges.map(daily),
  ];
  return parts.length ? parts.join(" union all ") : daily(span);
}

/** 'Todas' (0) is no filter. */
export const mallFilter = (col: string, mall: number) => (mall === 0 ? "true" : `${col} = ${int(mall)}`);

/** A contract code ('' is no filter; it goes into the SQL text): letters, digits and a few signs only. */
export function codeFilter(col: string, code: string): string {
  if (code === "") return "true";
  if (!/^[A-Za-z0-9_.-]{1,30}$/.test(code)) {
    throw new Error(`Cannot filter by contract: invalid code ${code}`);
  }
  return `${col} = '${code}'`;
}

/**
 * CTE `infl(month, factor)`: the factor that brings an amount of month (comparisonYear, m) to (year, m): the
 * product of (1 + pct/100) over the months after (comparisonYear, m) up to (year, m). 1 when the switch is
 * off, when comparisonYear >= year, or for months without a registered rate.
 */
export function inflationCte(on: boolean, comparisonYear: number, year: number): string {
  if (!on || comparisonYear >= year) {
    return "infl as (select unnest(range(1, 13)) as month, 1.0::double as factor)";
  }
  return `infl as (
    select m.month, coalesce(exp(sum(ln(1 + i.pct / 100.0))), 1.0)::double as factor
      from (select unnest(range(1, 13)) as month) m
      left join inflation i
        on i.year * 12 + i.month > ${int(comparisonYear)} * 12 + m.month and i.year * 12 + i.month <= ${
    int(year)
  } * 12 + m.month
     group by m.month)`;
}

export interface Comparison {
  /** The period reported (in `year`) and the one it is compared with (the same days of `comparisonYear`). */
  act: Span;
  cmp: Span;
  comparisonYear: number;
  year: number;
  inflation: boolean;
  sss: boolean;
  mall: number;
  /** Only the contracts in this currency ('PEN' or 'USD'); all when absent. */
  currency?: "PEN" | "USD";
}

/**
 * The sales of exactly two periods' days as salesRowsSql's rows with `is_act` telling which: each view read
 * once for both periods (`day between … or day between …`, DuckDB still skipping the row groups of other
 * days), where a read per period and kind cost DuckDB-WASM a union of four view reads. Periods that share a
 * day (a year compared with itself) are read one after the other, so such a day comes twice, once for each.
 */
export function periodRowsSql(act: Span, cmp: Span, monthly = SALES_SOURCE.monthly): string {
  if (!isEmpty(act) && !isEmpty(cmp) && act.start <= cmp.end && cmp.start <= act.end) {
    return `select *, true as is_act from (${salesRowsSql(act, monthly)})
    union all
    select *, false from (${salesRowsSql(cmp, monthly)})`;
  }
  const whole = (x: Span) => (monthly ? splitMonths(x) : { months: null, edges: isEmpty(x) ? [] : [x] });
  const a = whole(act), c = whole(cmp);
  const any = (col: string, spans: Span[]) => spans.map((x) => between(col, x)).join(" or ");
  const months = [a.months, c.months].filter((x): x is Span => x !== null);
  const days = [...a.edges, ...c.edges];
  const parts = [
    ...(months.length
      ? [
        `select contract_id, month as day, amount_cents, transactions, days, ${
          a.months ? between("month", a.months) : "false"
        } as is_act from sales_monthly where ${any("month", months)}`,
      ]
      : []),
    ...(days.length
      ? [
        `select contract_id, day, amount_cents, transactions, 1 as days, ${
          between("day", act)
        } as is_act from sales_daily where ${any("day", days)}`,
      ]
      : []),
  ];
  return parts.length
    ? parts.join("\n    union all\n    ")
    : `select *, true as is_act from (${salesRowsSql(act, monthly)})`;
}

/** CTE `sd`: the rows of the two periods (periodRowsSql), `is_act` telling which. */
export function periodRowsCte(act: Span, cmp: Span, monthly = SALES_SOURCE.monthly): string {
  return `sd as (
    select contract_id, day, amount_cents, is_act from (${periodRowsSql(act, cmp, monthly)}))`;
}

/**
 * CTEs `infl`, `sd`, `base` and `pc`: per contract of the mall, its dimensions
 * (category, CeBe, currency), sales of both periods (the comparison one adjusted for inflation when asked),
 * whether it had closings in each, and its area counted where it had sales. With SSS only contracts with closings in both periods stay. `sd` holds monthly rows for whole
 * months unless `daily` (a chart by day of the month).
 */
export function comparisonCtes(c: Comparison, daily = false): string {
  // Without inflation every factor is 1: no join to the factors (integer cents sum exactly either way).
  const adjusted = c.inflation && c.comparisonYear < c.year;
  return `${inflationCte(c.inflation, c.comparisonYear, c.year)},
  ${periodRowsCte(c.act, c.cmp, daily ? false : SALES_SOURCE.monthly)},
  base as (
    select s.contract_id,
           sum(case when s.is_act then s.amount_cents end) / 100.0 as act,
           sum(case when not s.is_act then s.amount_cents * ${
    adjusted ? "f.factor" : "1.0::double"
  } end) / 100.0
             as cmp,
           bool_or(s.is_act) as in_act,
           bool_or(not s.is_act) as in_cmp
      from sd s ${adjusted ? "join infl f on f.month = month(s.day)" : ""}
     group by s.contract_id),
  pc as (
    select k.id as contract_id, k.mall_id, k.category_id, k.code, k.denominacion, k.area, k.currency,
           k.cebe_code, k.cebe_name,
           coalesce(b.act, 0) as act, coalesce(b.cmp, 0) as cmp,
           case when b.act > 0 then k.area else 0 end as area_act,
           case when b.cmp > 0 then k.area else 0 end as area_cmp
      from base b join contracts k on k.id = b.contract_id
     where ${mallFilter("k.mall_id", c.mall)} ${c.sss ? "and b.in_act and b.in_cmp" : ""}${
    c.currency ? ` and k.currency = '${c.currency === "USD" ? "USD" : "PEN"}'` : ""
  })`;
}

/** The compared figures of a group of `pc` rows, in money and per m2, with their differences. */
export const COMPARED = `
  sum(act)::double as act, sum(cmp)::double as cmp,
  (sum(act) - sum(cmp))::double as diff,
  ((sum(act) - sum(cmp)) / nullif(sum(cmp), 0) * 100)::double as pct,
  sum(area_act)::double as area_act, sum(area_cmp)::double as area_cmp,
  (sum(act) / nullif(sum(area_act), 0))::double as act_m2,
  (sum(cmp) / nullif(sum(area_cmp), 0))::double as cmp_m2,
  (sum(act) / nullif(sum(area_act), 0) - sum(cmp) / nullif(sum(area_cmp), 0))::double as diff_m2,
  ((sum(act) / nullif(sum(area_act), 0)) / nullif(sum(cmp) / nullif(sum(area_cmp), 0), 0) * 100 - 100)::double
    as pct_m2`;

/** COMPARED with the number of contracts of the group (`contracts`). */
export const COUNTED = `${COMPARED},
  count(contract_id)::int as contracts`;

/** COUNTED's figures but the count, by name. */
const FIGURE_NAMES = "act, cmp, diff, pct, area_act, area_cmp, act_m2, cmp_m2, diff_m2, pct_m2";

/**
 * A soles table of groups of `pc` (a mall's categories, the malls) with its total, and one more row saying
 * apart what the dollar contracts it leaves out sold (their count in `contracts`, their $ sales in act and
 * cmp), from one grouping-sets aggregate of `pc` (CTE `g`: per currency and group, `tot` 0 and `gid` the
 * group; per currency, `tot` 1) where a union aggregated the contracts three times. `groups` selects the
 * table's lead columns and `g.*` from `g` (its soles groups: `tot` 0, `currency` 'PEN'); `pen` and `usd` are
 * the values of the lead columns `cols` of the total and the dollar row, both present even without contracts.
 * Rows ordered by `order`.
 */
export function groupsWithTotalsSql(o: {
  key: string;
  groups: string;
  cols: string[];
  pen: string;
  usd: string;
  order: string;
}): string {
  return `g as (
    select grouping(${o.key}) as tot, currency, ${o.key} as gid, ${COUNTED}
      from pc group by grouping sets ((currency, ${o.key}), (currency)))
  select 0 as ${o.cols[0]}, ${o.cols.slice(1).join(", ")}, ${FIGURE_NAMES},
         coalesce(contracts, 0)::int as contracts
    from (${o.groups})
  union all
  select ${o.cols.map((c) => `t.${c}`).join(", ")}, ${FIGURE_NAMES}, coalesce(contracts, 0)::int
    from (values (${o.pen}, 'PEN'), (${o.usd}, 'USD')) t(${o.cols.join(", ")}, cur)
    left join g on g.tot = 1 and g.currency = t.cur
  order by ${o.order}`;
}

/** A month of a year-over-year curve: its days in the report year (null: not reported yet) and in the other. */
export interface CurveMonth {
  act: Span | null;
  cmp: Span;
}

/**
 * Per month 1 to 12 (`mes`), the national sales of one currency's contracts (soles unless said: the two are
 * never added) of its `act` days as column `names[0]` (null where act is null) and of its `cmp` days as
 * `names[1]`: each span read on its own (whole months from the monthly pre-aggregate), so a day in both (a
 * year compared with itself) counts in both.
 */
export function monthCurveSql(
  months: readonly CurveMonth[],
  names: [string, string],
  currency: "PEN" | "USD" = "PEN",
): string {
  const of = (s: Span) =>
    `select r.day, r.amount_cents from (${salesRowsSql(s)}) r join contracts k on k.id = r.contract_id
      where k.currency = '${currency === "USD" ? "USD" : "PEN"}'`;
  // Spans of one side that follow each other, each inside its own calendar month (every curve's are), are
  // read as one span and told apart by month(day): 24 reads of the views cost DuckDB-WASM 20 to 30 ms.
  const branches = (isAct: boolean, spans: (Span | null)[]) => {
    const out: string[] = [];
    let run: Span | null = null;
    const flush = () => {
      if (run) {
        out.push(
          `select month(day)::int as mes, ${isAct} as is_act, amount_cents from (${of(run)})`,
        );
      }
      run = null;
    };
    spans.forEach((s, i) => {
      if (!s || isEmpty(s)) return;
      const [ys, ms] = parts(s.start), [ye, me] = parts(s.end);
      if (ys !== ye || ms !== i + 1 || me !== i + 1) {
        flush();
        out.push(`select ${int(i + 1)} as mes, ${isAct} as is_act, amount_cents from (${of(s)})`);
      } else if (run && addDays(run.end, 1) === s.start) run = { start: run.start, end: s.end };
      else {
        flush();
        run = s;
      }
    });
    flush();
    return out;
  };
  const rows = [...branches(true, months.map((m) => m.act)), ...branches(false, months.map((m) => m.cmp))];
  if (rows.length === 0) {
    rows.push("select null::int as mes, null::boolean as is_act, null::bigint as amount_cents");
  }
  const started = months.flatMap((m, i) => (m.act ? [i + 1] : []));
  return `with
  r as (${rows.join("\n    union all ")}),
  g as (select mes, sum(case when is_act then amount_cents end) as a, sum(case when not is_act then amount_cents end) as b
          from r group by mes)
  select m.mes,
         case when m.mes in (${started.join(", ") || "null"}) then coalesce(g.a, 0) / 100.0 end::double as ${
    names[0]
  },
         (coalesce(g.b, 0) / 100.0)::double as ${names[1]}
    from (select unnest(range(1, 13))::int as mes) m left join g on g.mes = m.mes
   order by m.mes`;
}
