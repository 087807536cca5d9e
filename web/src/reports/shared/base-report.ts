// The statements of every report screen's base (base.ts): the malls and the global comparison year. Pure, so
// the report tests run them (tests/reports/local_test.ts).

import { partitionKey } from "../../../../contract/extracts.ts";
import { statement, withLocal } from "../../analytics/connector.ts";

export const basePartitions = [partitionKey("malls"), partitionKey("settings")];
export const baseStatements = {
  malls: withLocal(
    statement<{ id: number; name: string }>("select id::int as id, name from malls order by sort"),
    (d) =>
      [...d.rows("malls")].sort((a, b) => (a.sort as number) - (b.sort as number))
        .map((m) => ({ id: m.id as number, name: m.name as string })),
  ),
  settings: withLocal(
    statement<{ value: string | null }>("select value from settings where key = 'anioComparativo'"),
    (d) =>
      d.rows("settings").filter((r) => r.key === "anioComparativo").map((r) => ({
        value: r.value as string | null,
      })),
  ),
};
