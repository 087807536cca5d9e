// The fixture of the issue-11 sales reports (Reporte General de Ventas, Ventas m2 por Locatario, Ventas por
// Categoría, Ventas por Día): two malls, a dollar contract, a contract that opened inside February 2024, a
// leap day, closings at the edges of 2023/2024/2025 and two supply points on one day. Every expected figure
// in the tests is worked out by hand from these rows.

import { columnsOf, type FamilyName } from "#contract/extracts.ts";
import type { Row } from "../../services/extracts/arrow.ts";
import { day, fixtureDb } from "./fixture.ts";

const obj = (names: string[], values: unknown[]) => Object.fromEntries(names.map((n, i) => [n, values[i]]));
const t = (hms: string) => hms.split(":").map(Number).reduce((n, x) => n * 60 + x, 0);

export const MALLS = [3, 2];
/** 1% a month in 2023 and 2024: a February 2023 amount brought to February 2024 is × 1.01^12. */
export const INFLATION_FEB = 1.01 ** 12;

const CONTRACT_COLUMNS = columnsOf("contracts").map(([c]) => c);
const contract = (r: {
  id: number;
  code: string;
  mall: number;
  name: string;
  cat: number;
  area: number;
  currency?: string;
  old?: string | null;
  type?: [string, string];
  opened?: string;
}) =>
  obj(
    CONTRACT_COLUMNS,
    CONTRACT_COLUMNS.map((c) => {
      const cebe = r.cat === 1 ? ["M1", "Moda"] : ["F1", "Comida"];
      const values: Record<string, unknown> = {
        id: r.id,
        code: r.code,
        mall_id: r.mall,
        denominacion: r.name,
        category_id: r.cat,
        cebe_code: cebe[0],
        cebe_name: cebe[1],
        area: r.area,
        start_date: day(r.opened ?? "2016-01-01"),
        end_date: day("2030-12-31"),
        op_start: day(r.opened ?? "2016-01-01"),
        op_end: null,
        currency: r.currency ?? "PEN",
        objetos: null,
        executive: null,
        old_code: r.old ?? null,
        sales_type: (r.type ?? ["VD", "Venta Diaria"])[0],
        sales_type_name: (r.type ?? ["VD", "Venta Diaria"])[1],
      };
      return values[c] ?? null;
    }),
  );

const ROWS: Partial<Record<FamilyName, Row[]>> = {
  malls: [
    [3, "ASA", "Santa Anita", 1, "Centros Comerciales de Lima S.A."],
    [2, "AQP", "Arequipa", 2, "Centros Comerciales del Sur y Oriente S.A."],
  ].map((r) => obj(["id", "code", "name", "sort", "sociedad"], r)),
  categories: [[1, "Moda"], [2, "Comida"]].map((r) => obj(["id", "name"], r)),
  contracts: [
    contract({ id: 10, code: "C10", mall: 3, name: "Tienda Diez", cat: 1, area: 100, old: "OLD-10" }),
    contract({ id: 11, code: "C11", mall: 3, name: "Tienda Once", cat: 2, area: 50 }),
    contract({
      id: 12,
      code: "C12",
      mall: 3,
      name: "Tienda Doce",
      cat: 1,
      area: 40,
      currency: "USD",
      type: ["VC", "Venta Cadena"],
    }),
    contract({ id: 13, code: "C13", mall: 3, name: "Tienda Trece", cat: 2, area: 60, opened: "2024-02-20" }),
    contract({
      id: 20,
      code: "C20",
      mall: 2,
      name: "Tienda Veinte",
      cat: 1,
      area: 200,
      type: ["VA", "Venta Tienda Ancla"],
    }),
  ],
  inflation: [2023, 2024].flatMap((y) =>
    Array.from({ length: 12 }, (_, i) => ({ year: y, month: i + 1, pct: 1 }))
  ),
  settings: [{ key: "anioComparativo", value: "2019" }],
  // contract, day, cents, transactions (the closings below summed per contract and day)
  sales_daily: ([
    [10, "2024-01-15", 25_000, 5],
    [10, "2024-02-01", 10_000, 4],
    [10, "2024-02-29", 5_000, 2],
    [10, "2024-12-31", 30_000, 6],
    [11, "2024-02-10", 3_000, 1],
    [12, "2024-02-15", 8_000, 2],
    [13, "2024-02-20", 6_000, 3],
    [13, "2024-02-29", 4_000, 2],
    [20, "2024-02-15", 20_000, 8],
    [10, "2023-02-01", 8_000, 3],
    [10, "2023-02-28", 2_000, 1],
    [10, "2023-12-31", 12_000, 4],
    [11, "2023-02-10", 4_000, 2],
    [12, "2023-02-15", 5_000, 1],
    [20, "2023-02-15", 10_000, 5],
    [10, "2025-01-01", 7_000, 2],
  ] as const).map(([c, d, a, n]) => ({ contract_id: c, day: day(d), amount_cents: a, transactions: n })),
  // id, contract, day, cents, transactions, registered (Lima), modified (Lima) or null
  sales_closings: ([
    [1, 10, "2024-02-01", 6_000, 3, "2024-02-02 09:15:00", null],
    [2, 10, "2024-02-01", 4_000, 1, "2024-02-02 09:16:40", "2024-02-05 10:00:00"],
    [3, 10, "2024-02-29", 5_000, 2, "2024-03-01 08:00:00", null],
    [4, 11, "2024-02-10", 3_000, 1, "2024-02-11 20:30:00", null],
    [5, 12, "2024-02-15", 8_000, 2, "2024-02-16 07:00:00", null],
    [6, 13, "2024-02-20", 6_000, 3, "2024-02-21 12:00:00", null],
    [7, 13, "2024-02-29", 4_000, 2, "2024-03-01 12:00:00", null],
    [8, 20, "2024-02-15", 20_000, 8, "2024-02-16 18:00:00", null],
    [9, 10, "2024-01-15", 25_000, 5, "2024-01-16 09:00:00", null],
    [10, 10, "2024-12-31", 30_000, 6, "2025-01-01 10:00:00", null],
    [11, 10, "2023-12-31", 12_000, 4, "2024-01-01 09:00:00", null],
    [12, 10, "2025-01-01", 7_000, 2, "2025-01-02 09:00:00", null],
  ] as const).map(([id, c, d, a, n, reg, upd]) => ({
    id,
    contract_id: c,
    day: day(d),
    amount_cents: a,
    transactions: n,
    registered_on: day(reg.slice(0, 10)),
    registered_secs: t(reg.slice(11)),
    updated_on: upd ? day(upd.slice(0, 10)) : null,
    updated_secs: upd ? t(upd.slice(11)) : null,
  })),
};

/** A report engine over native DuckDB with this fixture's partitions. */
export const salesFixtureDb = (today = "2025-01-05", options: Parameters<typeof fixtureDb>[2] = {}) =>
  fixtureDb(today, ROWS, options);
