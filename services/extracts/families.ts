// The extract families on the server: how each is built and who may read it. Their columns, permissions and
// partition keys are the contract's (contract/extracts.ts); this file adds only the builders.

import {
  FAMILIES,
  FAMILY_NAMES,
  type FamilyName,
  parsePartition,
  type Partition,
} from "#contract/extracts.ts";
import type { Queryable } from "../db.ts";
import * as b from "./builders.ts";
import type { Row } from "./arrow.ts";

type Build = (q: Queryable, p: Partition) => Promise<Row[]>;

const BUILDERS: Record<FamilyName, Build> = {
  sales_daily: (q, p) => b.salesDaily(q, p.mall, p.year),
  sales_monthly: (q, p) => b.salesMonthly(q, p.year),
  sales_days: (q, p) => b.salesDays(q, p.year, p.month),
  sales_closings: (q, p) => b.salesClosings(q, p.mall, p.year),
  budgets: (q, p) => b.budgets(q, p.year),
  traffic_pedestrian: (q, p) => b.trafficPedestrian(q, p.year),
  traffic_parking: (q, p) => b.trafficParking(q, p.year),
  contracts: (q) => b.contracts(q),
  categories: (q) => b.categories(q),
  inflation: (q) => b.inflation(q),
  locals: (q) => b.locals(q),
  malls: (q) => b.malls(q),
  settings: (q) => b.settings(q),
  similar_contracts: (q) => b.similarContracts(q),
};

/** The rows of a partition, in the columns of its family. */
export const buildRows = (q: Queryable, p: Partition): Promise<Row[]> => BUILDERS[p.family](q, p);

export interface Reader {
  isTenant: boolean;
  permissions: Set<string>;
}

/** Whether a role (never a tenant's) may read the family. */
export function mayRead(family: FamilyName, reader: Reader): boolean {
  return !reader.isTenant && FAMILIES[family].permissions.some((p) => reader.permissions.has(p));
}

/** The families the reader may read. */
export const readable = (reader: Reader): FamilyName[] => FAMILY_NAMES.filter((f) => mayRead(f, reader));

export { parsePartition };
export const familyOf = (partition: string): FamilyName | undefined => parsePartition(partition)?.family;
