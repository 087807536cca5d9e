// Bitácora de Eventos (/bitacoraEventos): the daily sales of a mall (or all) over the window, for the
// accumulated figure and the area chart the logged events are marked on.

import { partitionKey, salesPartitions } from "../../../../contract/extracts.ts";
import { statement, withLocal } from "../../analytics/connector.ts";
import { dayNumber } from "../../analytics/local.ts";
import { addDays, parts, type Span } from "../shared/dates.ts";
import { between, date, int } from "../shared/sql.ts";

export const bitacoraPartitions = (mallIds: readonly number[], mall: number, s: Span) => [
  ...salesPartitions(mall ? [mall] : mallIds, [...new Set([parts(s.start)[0], parts(s.end)[0]])]),
  partitionKey("contracts"),
];

export interface DayRow {
  fecha: string;
  venta: number;
}

/** Every day of the window with its sales (0 without closings), for the mall or every mall (0). */
export function dailySalesSql(mall: number, s: Span) {
  return withLocal(dailySalesStatement(mall, s), (d) => {
    const of = new Set(
      d.rows("contracts").filter((k) => mall === 0 || k.mall_id === mall).map((k) => k.id as number),
    );
    const cents = new Map<number, number>();
    d.eachDay(s.start, s.end, (k, day, c) => of.has(k) && cents.set(day, (cents.get(day) ?? 0) + c));
    const rows: DayRow[] = [];
    for (let day = s.start; day <= s.end; day = addDays(day, 1)) {
      rows.push({ fecha: day, venta: (cents.get(dayNumber(day)) ?? 0) / 100 });
    }
    return rows;
  });
}

function dailySalesStatement(mall: number, s: Span) {
  return statement<DayRow>(`with
  d as (select unnest(range(${date(s.start)}, ${date(s.end)} + interval 1 day, interval 1 day))::date as day),
  v as (
    select x.day, sum(x.amount_cents) as cents from sales_daily x join contracts k on k.id = x.contract_id
     where ${between("x.day", s)}${mall ? ` and k.mall_id = ${int(mall)}` : ""} group by x.day)
  select strftime(d.day, '%Y-%m-%d') as fecha, (coalesce(v.cents, 0) / 100.0)::double as venta
    from d left join v on v.day = d.day order by d.day`);
}
