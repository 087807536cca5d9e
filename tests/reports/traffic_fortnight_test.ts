// The daily traffic reports' fortnight ('quincena'): days 1 to 15 or the 16th to the month's end narrow the
// rows and the total the report's SQL computes; the whole month keeps every day.
import assert from "node:assert/strict";
import {
  type Catalog,
  type CatalogEntry,
  columnsOf,
  type FamilyName,
  partitionKey,
} from "#contract/extracts.ts";
import { type Row, rowsToTable, toIpcStream } from "../../services/extracts/arrow.ts";
import { ReportEngine } from "../../web/src/analytics/engine.ts";
import { fortnightParam, fortnightSpan, inFortnight } from "../../web/src/reports/afluencia/fortnight.ts";
import { type DailyRow, dailySql, trafficPartitions } from "../../web/src/reports/afluencia/report.ts";
import { nativeConnector } from "./native_connector.ts";

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
const TODAY = "2024-04-01";

/** One visitor figure a day in March 2024 (day d: d × 10) and in March 2023 (d). */
async function marchDb() {
  const rows = (year: number, k: number): Row[] =>
    Array.from({ length: 31 }, (_, i) => ({
      mall_id: 3,
      zone: "Perimetro",
      day: day(`${year}-03-${String(i + 1).padStart(2, "0")}`),
      visitors: (i + 1) * k,
    }));
  const groups: [string, FamilyName, Row[]][] = [
    [partitionKey("malls"), "malls", [{ id: 3, code: "ASA", name: "Santa Anita", sort: 1 }]],
    ["traffic_pedestrian.2023", "traffic_pedestrian", rows(2023, 1)],
    ["traffic_pedestrian.2024", "traffic_pedestrian", rows(2024, 10)],
  ];
  const parts = new Map(
    groups.map((
      [k, family, r],
    ) => [k, { family, rows: r, bytes: toIpcStream(rowsToTable(columnsOf(family), r)) }]),
  );
  const table: CatalogEntry[] = [...parts].map(([partition, p]) => ({
    partition,
    family: p.family,
    version: "1",
    etag: `W/"${partition}@1"`,
    rows: p.rows.length,
    bytes: p.bytes.byteLength,
  }));
  const catalog: Catalog = { today: TODAY, format: 1, families: ["malls", "traffic_pedestrian"], table };
  const engine = new ReportEngine({
    connector: await nativeConnector(),
    source: {
      catalog: () => Promise.resolve(catalog),
      bytes: (e) => {
        const p = parts.get(e.partition)!;
        return Promise.resolve({ bytes: p.bytes.slice(), rows: p.rows.length, saved: Promise.resolve() });
      },
    },
  });
  return async (fortnight: 0 | 1 | 2) => {
    const f = {
      mall: 3,
      zone: "Perimetro" as const,
      year: 2024,
      month: 3,
      comparisonYear: 2023,
      today: TODAY,
      fortnight,
    };
    const s = dailySql("peatonal", f);
    return (await engine.run({
      partitions: trafficPartitions("peatonal", [2023, 2024]),
      statements: { rows: s },
    }))
      .rows.rows as DailyRow[];
  };
}

const run = await marchDb();
const sum = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i).reduce((a, b) => a + b, 0);

Deno.test("traffic fortnight: 1 to 15, 16 to the end, the whole month: rows and total", async () => {
  const first = await run(1);
  assert.deepEqual(
    first.filter((r) => !r.is_total).map((r) => r.dia),
    Array.from({ length: 15 }, (_, i) => i + 1),
  );
  const t1 = first.find((r) => r.is_total)!;
  assert.deepEqual([t1.actual, t1.calendario], [sum(1, 15) * 10, sum(1, 15)]);
  const second = await run(2);
  assert.deepEqual(
    second.filter((r) => !r.is_total).map((r) => r.dia),
    Array.from({ length: 16 }, (_, i) => i + 16),
  );
  assert.deepEqual(second.find((r) => r.is_total)!.actual, sum(16, 31) * 10);
  const month = await run(0);
  assert.equal(month.filter((r) => !r.is_total).length, 31);
  assert.equal(month.find((r) => r.is_total)!.actual, sum(1, 31) * 10);
});

Deno.test("traffic fortnight: the URL's value, the days and the span", () => {
  assert.equal(fortnightParam.parse("1"), 1);
  assert.equal(fortnightParam.parse(2), 2);
  assert.equal(fortnightParam.parse("3"), undefined);
  assert.equal(fortnightParam.parse(undefined), undefined);
  const days = [{ dia: 1 }, { dia: 15 }, { dia: 16 }, { dia: 30 }];
  assert.deepEqual(inFortnight(days, 1), [{ dia: 1 }, { dia: 15 }]);
  assert.deepEqual(inFortnight(days, 2), [{ dia: 16 }, { dia: 30 }]);
  assert.deepEqual(inFortnight(days, 0), days);
  const feb = { start: "2024-02-01", end: "2024-02-29" };
  assert.deepEqual(fortnightSpan(feb, 1), { start: "2024-02-01", end: "2024-02-15" });
  assert.deepEqual(fortnightSpan(feb, 2), { start: "2024-02-16", end: "2024-02-29" });
});
