// The four traffic reports' SQL (web/src/reports/afluencia/report.ts) on a small hand-made set of traffic
// rows: the same weekday across a leap year, the Oasis zone only in mall 3, 'Todas', a month without
// traffic (the screen's warning), the monthly comparison and the year to date.
import assert from "node:assert/strict";
import {
  type Catalog,
  type CatalogEntry,
  columnsOf,
  type FamilyName,
  partitionKey,
} from "#contract/extracts.ts";
import { type Row, rowsToTable, toIpcStream } from "../../services/extracts/arrow.ts";
import type { Statement } from "../../web/src/analytics/connector.ts";
import { ReportEngine } from "../../web/src/analytics/engine.ts";
import {
  dailyPlan,
  dailySql,
  dailyYears,
  monthlySql,
  sameWeekday,
  trafficPartitions,
  zoneFor,
} from "../../web/src/reports/afluencia/report.ts";
import { near } from "./fixture.ts";
import { nativeConnector } from "./native_connector.ts";

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
const yearOf = (d: number) => new Date(d * 86_400_000).getUTCFullYear();

const ROWS: Partial<Record<FamilyName, Row[]>> = {
  malls: [{ id: 3, code: "ASA", name: "Santa Anita", sort: 1 }, {
    id: 2,
    code: "AQP",
    name: "Arequipa",
    sort: 2,
  }],
  traffic_pedestrian: ([
    [3, "Perimetro", "2024-02-01", 100], // Thursday
    [3, "Perimetro", "2024-02-28", 900], // Wednesday
    [3, "Perimetro", "2024-02-29", 1000], // Thursday (leap day)
    [3, "Oasis", "2024-02-29", 200],
    [2, "Perimetro", "2024-02-29", 50],
    [3, "Perimetro", "2023-02-01", 90], // Wednesday: the same calendar day as 2024-02-01
    [3, "Perimetro", "2023-02-02", 80], // Thursday: its same weekday
    [3, "Perimetro", "2023-02-28", 300], // Tuesday
    [3, "Perimetro", "2023-03-01", 650], // Wednesday: the same weekday as 2024-02-28
    [3, "Perimetro", "2023-03-02", 700], // Thursday: the same weekday as 2024-02-29
  ] as const).map(([m, z, d, v]) => ({ mall_id: m, zone: z, day: day(d), visitors: v })),
  traffic_parking: ([
    [3, "2024-02-29", 40],
    [3, "2023-03-02", 35],
  ] as const).map(([m, d, v]) => ({ mall_id: m, day: day(d), vehicles: v })),
};

async function trafficDb(today = "2024-03-01") {
  const groups = new Map<string, { family: FamilyName; rows: Row[] }>();
  for (const [family, rows] of Object.entries(ROWS) as [FamilyName, Row[]][]) {
    for (const r of rows) {
      const key = family === "malls" ? partitionKey("malls") : `${family}.${yearOf(r.day as number)}`;
      if (!groups.has(key)) groups.set(key, { family, rows: [] });
      groups.get(key)!.rows.push(r);
    }
  }
  const parts = new Map(
    [...groups].map(([k, g]) => [k, { ...g, bytes: toIpcStream(rowsToTable(columnsOf(g.family), g.rows)) }]),
  );
  const table: CatalogEntry[] = [...parts].map(([partition, p]) => ({
    partition,
    family: p.family,
    version: "1",
    etag: `W/"${partition}@1"`,
    rows: p.rows.length,
    bytes: p.bytes.byteLength,
  }));
  const catalog: Catalog = { today, format: 1, families: [...new Set(table.map((e) => e.family))], table };
  const connector = await nativeConnector();
  const engine = new ReportEngine({
    connector,
    source: {
      catalog: () => Promise.resolve(catalog),
      bytes: (e) => {
        const p = parts.get(e.partition)!;
        return Promise.resolve({ bytes: p.bytes.slice(), rows: p.rows.length, saved: Promise.resolve() });
      },
    },
  });
  return {
    rows: async <R>(partitions: readonly string[], s: Statement<R>) =>
      (await engine.run({ partitions, statements: { rows: s } })).rows.rows,
  };
}

const db = await trafficDb();
const TODAY = "2024-03-01";

Deno.test("traffic: the same weekday of the comparison year, across a leap year and a year's edge", () => {
  assert.equal(sameWeekday("2024-02-29", 2023), "2023-03-02"); // Thu → Thu (no 29 Feb in 2023)
  assert.equal(sameWeekday("2024-02-28", 2023), "2023-03-01"); // Wed → Wed
  assert.equal(sameWeekday("2025-03-01", 2024), "2024-03-02"); // Sat → Sat, after the leap day
  assert.equal(sameWeekday("2025-02-27", 2024), "2024-02-29"); // Thu → Thu: the leap day itself
  assert.equal(sameWeekday("2025-02-28", 2024), "2024-03-01"); // Fri → Fri
  assert.equal(sameWeekday("2024-01-01", 2023), "2023-01-02"); // Mon → Mon
  assert.equal(sameWeekday("2026-01-01", 2027), "2026-12-31"); // Thu → Thu, the year before the comparison
  for (const [d, y] of [["2024-02-29", 2019], ["2024-12-31", 2017], ["2020-06-15", 2024]] as const) {
    const s = sameWeekday(d, y);
    const wd = (x: string) => new Date(`${x}T00:00:00Z`).getUTCDay();
    assert.equal(wd(s), wd(d), `${d} → ${s}`);
  }
  const plan = dailyPlan(2024, 2, 2023);
  assert.equal(plan.length, 29);
  assert.equal(plan[28].calendario, null, "29 Feb has no same calendar day in 2023");
  assert.deepEqual(dailyYears(dailyPlan(2026, 1, 2027)), [2026, 2027]);
});

Deno.test("traffic: daily pedestrians of a leap February against the same day and the same weekday", async () => {
  const f = { mall: 3, zone: "Perimetro" as const, year: 2024, month: 2, comparisonYear: 2023, today: TODAY };
  const rows = await db.rows(trafficPartitions("peatonal", [2023, 2024]), dailySql("peatonal", f));
  assert.equal(rows.length, 30, "29 days and the total");
  const d1 = rows[0], d28 = rows[27], d29 = rows[28], total = rows[29];
  assert.deepEqual([d1.actual, d1.calendario, d1.semana, d1.fecha_semana], [100, 90, 80, "2023-02-02"]);
  near(d1.var_calendario, (100 - 90) / 90 * 100, 4);
  near(d1.var_semana, 25, 4);
  assert.deepEqual([d28.actual, d28.calendario, d28.semana], [900, 300, 650]);
  assert.deepEqual([d29.actual, d29.calendario, d29.fecha_calendario, d29.semana, d29.fecha_semana], [
    1000,
    null,
    null,
    700,
    "2023-03-02",
  ]);
  assert.equal(d29.var_calendario, null);
  assert.equal(rows[5].actual, null, "a day without traffic is empty");
  assert.equal(total.is_total, 1);
  // Same calendar days: 1 Feb (90), 2 Feb (80), 28 Feb (300); same weekdays: 1 Feb → 2 Feb 2023 (80),
  // 27 Feb (Tue) → 28 Feb 2023 (300), 28 Feb → 1 Mar 2023 (650), 29 Feb → 2 Mar 2023 (700).
  assert.deepEqual([total.actual, total.calendario, total.semana], [2000, 470, 1730]);
  near(total.var_semana, (2000 - 1730) / 1730 * 100, 4);
});

Deno.test("traffic: Oasis only in mall 3; another mall reads Perimetro; 'Todas' every zone", async () => {
  assert.equal(zoneFor(3, "Oasis"), "Oasis");
  assert.equal(zoneFor(2, "Oasis"), "Perimetro");
  assert.equal(zoneFor(0, "Oasis"), null);
  const parts = trafficPartitions("peatonal", [2023, 2024]);
  const run = (mall: number, zone: "Perimetro" | "Oasis") =>
    db.rows(
      parts,
      dailySql("peatonal", { mall, zone, year: 2024, month: 2, comparisonYear: 2023, today: TODAY }),
    );
  assert.equal((await run(3, "Oasis"))[28].actual, 200);
  assert.equal((await run(3, "Oasis"))[29].actual, 200);
  assert.equal((await run(2, "Oasis"))[28].actual, 50, "Arequipa has no Oasis: its Perimetro");
  assert.equal((await run(0, "Perimetro"))[28].actual, 1250, "'Todas': every mall and zone");
});

Deno.test("traffic: a month without traffic has an empty total (the screen's warning)", async () => {
  const rows = await db.rows(
    trafficPartitions("peatonal", [2023, 2024]),
    dailySql("peatonal", {
      mall: 2,
      zone: "Perimetro",
      year: 2024,
      month: 1,
      comparisonYear: 2023,
      today: TODAY,
    }),
  );
  assert.equal(rows.length, 32);
  assert.equal(rows.at(-1)!.actual, null);
});

Deno.test("traffic: monthly pedestrians and the year to date; daily parking", async () => {
  const rows = await db.rows(
    trafficPartitions("peatonal", [2024, 2023]),
    monthlySql("peatonal", { mall: 3, zone: "Perimetro", year: 2024, comparisonYear: 2023, today: TODAY }),
  );
  assert.equal(rows.length, 13);
  const [jan, feb, mar] = rows;
  assert.deepEqual([jan.actual, jan.comparado], [null, null]);
  assert.deepEqual([feb.actual, feb.comparado, feb.acumulado, feb.acumulado_comparado], [
    2000,
    470,
    2000,
    470,
  ]);
  near(feb.variacion, (2000 - 470) / 470 * 100, 4);
  assert.deepEqual([mar.actual, mar.comparado, mar.acumulado, mar.variacion], [null, 1350, null, null]);
  const total = rows[12];
  assert.deepEqual([total.actual, total.comparado], [2000, 470], "the year to date, months begun only");

  const parking = await db.rows(
    trafficPartitions("parking", [2023, 2024]),
    dailySql("parking", {
      mall: 3,
      zone: "Perimetro",
      year: 2024,
      month: 2,
      comparisonYear: 2023,
      today: TODAY,
    }),
  );
  assert.deepEqual([parking[28].actual, parking[28].semana], [40, 35]);
  assert.deepEqual([parking[29].actual, parking[29].semana], [40, 35]);
});
