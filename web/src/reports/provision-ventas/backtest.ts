// How far off Provisión's estimates are (issue 41): the provision's own method (provisionCtes, one
// definition) run on a past month whose closings are all known, with each contract's last registered days
// hidden and estimated as if missing, then compared with what was registered. The screen states the error of
// the month before the one shown; `deno task bench` runs it over every mall and month (tests/bench/
// provision_backtest.ts) and docs/metrics.md quotes the result.

import { statement } from "../../analytics/connector.ts";
import { monthSpan } from "../shared/dates.ts";
import type { Moneda } from "../shared/money.ts";
import { provisionCtes } from "./report.ts";

/** The days hidden per contract by default: a week of closings not yet registered. */
export const BACKTEST_DAYS = 7;

/** A currency's backtest over one mall-month. */
export interface BacktestRow {
  moneda: Moneda;
  /** Contract-days hidden and estimated. */
  days: number;
  estimated: number;
  /** What those days registered. */
  actual: number;
  /** The month's registered sales, hidden days included. */
  month_total: number;
  /** (estimated − actual) / the month's total × 100: the error of the month's provisioned total. */
  error_pct: number | null;
  /** The median of |estimated − actual| / actual × 100 over the hidden days that sold. */
  mdape: number | null;
}

/** The backtest of a mall's month (year, month), hiding each contract's last `hide` registered days. */
export function backtestSql(mall: number, year: number, month: number, hide = BACKTEST_DAYS) {
  const span = monthSpan(year, month);
  return statement<BacktestRow>(`with ${provisionCtes({ mall, year, month, contract: "" }, span, hide)},
  tot as (select moneda, sum(v) as v from reg group by moneda)
  select h.moneda, count(*)::int as days, sum(e.estimate)::double as estimated, sum(h.v)::double as actual,
         (coalesce(any_value(t.v), 0) + sum(h.v))::double as month_total,
         ((sum(e.estimate) - sum(h.v)) / nullif(coalesce(any_value(t.v), 0) + sum(h.v), 0) * 100)::double
           as error_pct,
         (median(abs(e.estimate - h.v) / h.v) filter (where h.v > 0) * 100)::double as mdape
    from hidden h join est e on e.contract_id = h.contract_id and e.day = h.day
    left join tot t on t.moneda = h.moneda
   group by h.moneda
   order by h.moneda = 'USD'`);
}
