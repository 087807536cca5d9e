// The rows of each extract family, read from the database in the columns the contract gives the family
// (contract/extracts.ts). Days are selected as days since 1970-01-01 (Arrow date32), sales amounts in cents.

import type { Queryable } from "../db.ts";
import type { Row } from "./arrow.ts";

const DAY = "- date '1970-01-01'";
const yearRange = (year: number) => [`${year}-01-01`, `${year + 1}-01-01`];

/** The settings a report may read; anything else in the table stays on the server. */
export const SHARED_SETTINGS = ["anioComparativo"];

/** Daily sales per contract of one mall and year: closings of all supply points summed per day. */
export function salesDaily(q: Queryable, mall: number, year: number): Promise<Row[]> {
  return q.query(
    `select s.contract_id, s.sale_date ${DAY} as day, sum(s.amount * 100)::bigint as amount_cents,
            sum(s.transactions)::bigint as transactions
       from sales_closings s join contracts c on c.id = s.contract_id
      where c.mall_id = $1 and s.sale_date >= $2 and s.sale_date < $3
      group by s.contract_id, s.sale_date
      order by s.contract_id, s.sale_date`,
    [mall, ...yearRange(year)],
  );
}

/** Daily sales per contract of one month, all malls: the rows of that month in every mall's sales_daily. */
export function salesDays(q: Queryable, year: number, month: number): Promise<Row[]> {
  const start = `${year}-${String(month).padStart(2, "0")}-01`;
  const end = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`;
  return q.query(
    `select s.contract_id, s.sale_date ${DAY} as day, sum(s.amount * 100)::bigint as amount_cents,
            sum(s.transactions)::bigint as transactions
       from sales_closings s
      where s.sale_date >= $1 and s.sale_date < $2
      group by s.contract_id, s.sale_date
      order by s.contract_id, s.sale_date`,
    [start, end],
  );
}

/**
 * Per contract and month of one year, all malls: the daily sales' sums (the same cents as summing the
 * sales_daily rows: amounts have two decimals), the days with a closing, the first and last such day.
 */
export function salesMonthly(q: Queryable, year: number): Promise<Row[]> {
  return q.query(
    `select s.contract_id, date_trunc('month', s.sale_date)::date ${DAY} as month,
            sum(s.amount * 100)::bigint as amount_cents, sum(s.transactions)::bigint as transactions,
            count(distinct s.sale_date)::int as days, min(s.sale_date) ${DAY} as first_day,
            max(s.sale_date) ${DAY} as last_day
       from sales_closings s join contracts c on c.id = s.contract_id
      where s.sale_date >= $1 and s.sale_date < $2
      group by s.contract_id, date_trunc('month', s.sale_date)
      order by s.contract_id, 2`,
    yearRange(year),
  );
}

/** Lima's wall clock (UTC-5, no daylight saving): its date as days since 1970 and its seconds after midnight. */
const limaDay = (col: string) => `(${col} at time zone interval '-05:00')::date ${DAY}`;
const limaSecs = (col: string) => `extract(epoch from (${col} at time zone interval '-05:00')::time)::int`;

/** Every closing (supply point and day) of one mall and year, with its registration and last change. */
export function salesClosings(q: Queryable, mall: number, year: number): Promise<Row[]> {
  return q.query(
    `select s.id, s.contract_id, s.sale_date ${DAY} as day, (s.amount * 100)::bigint as amount_cents,
            s.transactions, ${limaDay("s.registered_at")} as registered_on,
            ${limaSecs("s.registered_at")} as registered_secs,
            ${limaDay("s.updated_at")} as updated_on, ${limaSecs("s.updated_at")} as updated_secs
       from sales_closings s join contracts c on c.id = s.contract_id
      where c.mall_id = $1 and s.sale_date >= $2 and s.sale_date < $3
      order by s.sale_date, s.id`,
    [mall, ...yearRange(year)],
  );
}

export function budgets(q: Queryable, year: number): Promise<Row[]> {
  return q.query(
    `select contract_id, month ${DAY} as month, amount from budgets
      where month >= $1 and month < $2 order by contract_id, month`,
    yearRange(year),
  );
}

export function trafficPedestrian(q: Queryable, year: number): Promise<Row[]> {
  return q.query(
    `select mall_id, zone, day ${DAY} as day, visitors from traffic_pedestrian
      where day >= $1 and day < $2 order by mall_id, zone, day`,
    yearRange(year),
  );
}

export function trafficParking(q: Queryable, year: number): Promise<Row[]> {
  return q.query(
    `select mall_id, day ${DAY} as day, vehicles from traffic_parking
      where day >= $1 and day < $2 order by mall_id, day`,
    yearRange(year),
  );
}

const simple = (sql: string, params: unknown[] = []) => (q: Queryable) => q.query<Row>(sql, params);

export const malls = simple("select id, code, name, sort, sociedad from malls order by sort");
export const categories = simple("select id, name from categories order by id");
export const contracts = simple(
  `select c.id, c.code, c.mall_id, c.denominacion, c.category_id, c.cebe_code, b.name as cebe_name, c.area,
          c.start_date ${DAY} as start_date, c.end_date ${DAY} as end_date,
          c.op_start ${DAY} as op_start, c.op_end ${DAY} as op_end, c.currency,
          c.objetos, c.executive, c.old_code, c.sales_type, c.sales_type_name
     from contracts c join cebes b on b.code = c.cebe_code
    order by c.id`,
);
export const inflation = simple("select year, month, pct from inflation order by year, month");
export const settings = simple(
  "select key, value #>> '{}' as value from settings where key = any($1) order by key",
  [SHARED_SETTINGS],
);
export const locals = simple(
  "select id, mall_id, code, area, vacancy_state from locals order by mall_id, id",
);
export const similarContracts = simple(
  "select group_id, mall_id, contract_id from similar_contract_members order by group_id, mall_id",
);
