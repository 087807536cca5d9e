// The shared pieces of the local twins' tests (local_test.ts and the tests of each report's twins): the row
// comparison, a counter of DuckDB's statements and the generated fixture (three malls, two years and a half of
// random closings, dollar contracts, a contract without area and one of area 0, gaps, traffic).

import assert from "node:assert/strict";
import { columnsOf } from "../../contract/extracts.ts";
import type { Connector } from "../../web/src/analytics/connector.ts";
import { day, type FixtureRows } from "./fixture.ts";

/** Rows equal to 1e-6, in order (or in any order: a statement without ORDER BY). */
export function same(local: unknown[], sql: unknown[], what: string, anyOrder = false) {
  const round = (v: unknown) => (typeof v === "number" ? Math.round(v * 1e6) / 1e6 : v);
  const norm = (rows: unknown[]) => {
    const out = rows.map((r) =>
      Object.fromEntries(Object.entries(r as object).sort().map(([k, v]) => [k, round(v)]))
    );
    return anyOrder ? out.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1)) : out;
  };
  assert.deepEqual(norm(local), norm(sql), what);
}

/** Counts the statements DuckDB runs (a local report runs none). */
export function counting() {
  const n = { queries: 0 };
  const wrap = (c: Connector): Connector => ({
    ...c,
    query: (sql) => {
      n.queries++;
      return c.query(sql);
    },
  });
  return { n, wrap };
}

/** A seeded pseudo-random generator (mulberry32): the same fixture on every run. */
export function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generated(): FixtureRows {
  const rnd = random(7);
  const names = columnsOf("contracts").map(([c]) => c);
  const contracts = Array.from({ length: 24 }, (_, i) => {
    const mall = [3, 2, 6][i % 3];
    const values: Record<string, unknown> = {
      id: 100 + i,
      code: `K${100 + i}`,
      mall_id: mall,
      denominacion: `Tienda ${i}`,
      category_id: 1 + (i % 4),
      cebe_code: `CB${i % 5}`,
      cebe_name: ["Moda", "Comida", "Cines", "Servicios", "Ñandú"][i % 5],
      area: i === 7 ? null : i === 10 ? 0 : 20 + i * 13.5,
      start_date: day("2016-01-01"),
      end_date: day("2030-12-31"),
      op_start: day("2016-01-01"),
      currency: i % 6 === 5 ? "USD" : "PEN",
    };
    return Object.fromEntries(names.map((n) => [n, values[n] ?? null]));
  });
  const sales_daily = [];
  for (let d = day("2023-01-01"); d <= day("2025-06-30"); d++) {
    for (const k of contracts) {
      // Gaps: a contract sells on most days, two never in 2023 (opened later).
      if (rnd() < 0.25 || ((k.id as number) % 11 === 0 && d < day("2024-03-10"))) continue;
      sales_daily.push({
        contract_id: k.id,
        day: d,
        amount_cents: Math.floor(rnd() * 900_000),
        transactions: 1 + Math.floor(rnd() * 40),
      });
    }
  }
  const budgets = contracts.flatMap((k, i) =>
    ["2023", "2024", "2025"].flatMap((y) =>
      Array.from({ length: 12 }, (_, m) => m + 1)
        .filter((m) => (i + m) % 4 !== 0)
        .map((m) => ({
          contract_id: k.id,
          month: day(`${y}-${String(m).padStart(2, "0")}-01`),
          amount: Math.round(rnd() * 1e7) / 100,
        }))
    )
  );
  const traffic_pedestrian = [], traffic_parking = [];
  for (let d = day("2023-01-01"); d <= day("2025-06-30"); d++) {
    for (const mall of [3, 2, 6]) {
      if (rnd() < 0.1) continue;
      traffic_parking.push({ mall_id: mall, day: d, vehicles: Math.floor(rnd() * 5000) });
      for (const zone of mall === 3 ? ["Perimetro", "Oasis"] : ["Perimetro"]) {
        if (rnd() < 0.1) continue;
        traffic_pedestrian.push({ mall_id: mall, zone, day: d, visitors: Math.floor(rnd() * 40000) });
      }
    }
  }
  return {
    traffic_pedestrian,
    traffic_parking,
    malls: [[3, "ASA", "Santa Anita", 1], [2, "AQP", "Arequipa", 2], [6, "CIX", "Chiclayo", 3]].map((
      [id, code, name, sort],
    ) => ({ id, code, name, sort })),
    categories: [[1, "Moda"], [2, "Comida"], [3, "Cines"]].map(([id, name]) => ({ id, name })),
    contracts,
    inflation: [2023, 2024, 2025].flatMap((y) =>
      Array.from({ length: 12 }, (_, i) => ({ year: y, month: i + 1, pct: 0.2 + ((y + i) % 5) / 10 }))
    ),
    sales_daily,
    budgets,
    // Six groups of similar contracts, one per mall (some in dollars), and one with two contracts of a mall.
    similar_contracts: [
      ...contracts.slice(0, 18).map((k, i) => ({
        group_id: 1 + Math.floor(i / 3),
        mall_id: k.mall_id,
        contract_id: k.id,
      })),
      { group_id: 7, mall_id: 3, contract_id: 118 },
      { group_id: 7, mall_id: 3, contract_id: 121 },
    ],
  };
}

export const RANGES = [
  { start: "2024-02-01", end: "2024-02-29" },
  { start: "2024-01-15", end: "2024-03-20" },
  { start: "2024-02-29", end: "2024-02-29" },
  { start: "2024-01-01", end: "2024-12-31" },
  { start: "2025-03-02", end: "2025-05-31" },
  { start: "2024-12-20", end: "2024-12-31" },
];
