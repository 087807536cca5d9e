// The statements of every report screen's base (base.ts): the malls and the global comparison year. Pure, so
// the report tests run them (tests/reports/local_test.ts).

import { partitionKey } from "#contract/extracts.ts";
import { statement } from "../../analytics/connector.ts";

export const basePartitions = [partitionKey("malls"), partitionKey("settings")];
export const baseStatements = {
  malls: statement<{ id: number; name: string }>("select id::int as id, name from malls order by sort"),
  settings: statement<{ value: string | null }>("select value from settings where key = 'anioComparativo'"),
};
