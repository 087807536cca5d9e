// The rows of each extract family, read from the database and laid out as Arrow columns. Days are sent as
// date32 (days since 1970-01-01), sales amounts as int32 cents, areas and rates as float64.

import type { Queryable } from "../db.ts";
import type { ColumnSpec, Row } from "./arrow.ts";

export interface Built {
  columns: readonly ColumnSpec[];
  rows: Row[];
}

const DAY = "- date '1970-01-01'";
const yearRange = (year: number) => [`${year}-01-01`, `${year + 1}-01-01`];

/** The settings a report may read; anything else in the table stays on the server. */
export const SHARED_SETTINGS = ["anioComparativo"];

export const COLUMNS = {
  sales_daily: [
    { name: "contract_id", kind: "int32" },
    { name: "day", kind: "date" },
    { name: "amount_cents", kind: "int32" },
    { name: "transactions", kind: "int32" },
  ],
  budgets: [
    { name: "contract_id", kind: "int32" },
    { name: "month", kind: "date" },
    { name: "amount", kind: "float64" },
  ],
  traffic_pedestrian: [
    { name: "mall_id", kind: "int16" },
    { name: "zone", kind: "text" },
    { name: "day", kind: "date" },
    { name: "visitors", kind: "int32" },
  ],
  traffic_parking: [
    { name: "mall_id", kind: "int16" },
    { name: "day", kind: "date" },
    { name: "vehicles", kind: "int32" },
  ],
  malls: [
    { name: "id", kind: "int16" },
    { name: "code", kind: "text" },
    { name: "name", kind: "text" },
    { name: "sort", kind: "int16" },
  ],
  categories: [
    { name: "id", kind: "int32" },
    { name: "name", kind: "text" },
  ],
  contracts: [
    { name: "id", kind: "int32" },
    { name: "code", kind: "text" },
    { name: "mall_id", kind: "int16" },
    { name: "denominacion", kind: "text" },
    { name: "category_id", kind: "int32" },
    { name: "cebe_code", kind: "text" },
    { name: "cebe_name", kind: "text" },
    { name: "area", kind: "float64" },
    { name: "start_date", kind: "date" },
    { name: "end_date", kind: "date" },
    { name: "op_start", kind: "date" },
    { name: "op_end", kind: "date" },
  ],
  inflation: [
    { name: "year", kind: "int16" },
    { name: "month", kind: "int16" },
    { name: "pct", kind: "float64" },
  ],
  settings: [
    { name: "key", kind: "text" },
    { name: "value", kind: "text" },
  ],
  locals: [
    { name: "id", kind: "int32" },
    { name: "mall_id", kind: "int16" },
    { name: "code", kind: "text" },
    { name: "area", kind: "float64" },
    { name: "vacancy_state", kind: "int16" },
  ],
} as const satisfies Record<string, readonly ColumnSpec[]>;

export type FamilyName = keyof typeof COLUMNS;

/** Daily sales per contract of one mall and year: closings of all supply points summed per day. */
export async function salesDaily(q: Queryable, mall: number, year: number): Promise<Built> {
  const rows = await q.query(
    `select s.contract_id, s.sale_date ${DAY} as day, sum(s.amount * 100)::bigint as amount_cents,
            sum(s.transactions)::bigint as transactions
       from sales_closings s join contracts c on c.id = s.contract_id
      where c.mall_id = $1 and s.sale_date >= $2 and s.sale_date < $3
      group by s.contract_id, s.sale_date
      order by s.contract_id, s.sale_date`,
    [mall, ...yearRange(year)],
  );
  return { columns: COLUMNS.sales_daily, rows };
}

export async function budgets(q: Queryable, year: number): Promise<Built> {
  const rows = await q.query(
    `select contract_id, month ${DAY} as month, amount from budgets
      where month >= $1 and month < $2 order by contract_id, month`,
    yearRange(year),
  );
  return { columns: COLUMNS.budgets, rows };
}

export async function trafficPedestrian(q: Queryable, year: number): Promise<Built> {
  const rows = await q.query(
    `select mall_id, zone, day ${DAY} as day, visitors from traffic_pedestrian
      where day >= $1 and day < $2 order by mall_id, zone, day`,
    yearRange(year),
  );
  return { columns: COLUMNS.traffic_pedestrian, rows };
}

export async function trafficParking(q: Queryable, year: number): Promise<Built> {
  const rows = await q.query(
    `select mall_id, day ${DAY} as day, vehicles from traffic_parking
      where day >= $1 and day < $2 order by mall_id, day`,
    yearRange(year),
  );
  return { columns: COLUMNS.traffic_parking, rows };
}

const simple = (family: FamilyName, sql: string, params: unknown[] = []) => async (q: Queryable) => ({
  columns: COLUMNS[family],
  rows: await q.query<Row>(sql, params),
});

export const malls = simple("malls", "select id, code, name, sort from malls order by sort");
export const categories = simple("categories", "select id, name from categories order by id");
export const contracts = simple(
  "contracts",
  `select c.id, c.code, c.mall_id, c.denominacion, c.category_id, c.cebe_code, b.name as cebe_name, c.area,
          c.start_date ${DAY} as start_date, c.end_date ${DAY} as end_date,
          c.op_start ${DAY} as op_start, c.op_end ${DAY} as op_end
     from contracts c join cebes b on b.code = c.cebe_code
    order by c.id`,
);
export const inflation = simple("inflation", "select year, month, pct from inflation order by year, month");
export const settings = simple(
  "settings",
  "select key, value #>> '{}' as value from settings where key = any($1) order by key",
  [SHARED_SETTINGS],
);
export const locals = simple(
  "locals",
  "select id, mall_id, code, area, vacancy_state from locals order by mall_id, id",
);
