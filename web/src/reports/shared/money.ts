// The money rule of the report layer (docs/metrics.md, Currency): a dollar contract's amounts are dollars and
// are never added to soles. A report's statement answers rows that carry their contract's currency (`moneda`)
// and one totals row per currency: `is_total` 1 and 'Total S/' for the soles, 2 and 'Total $' for the dollars.

import type { Currency } from "../../lib/format.ts";

/** A contract's currency as the extracts carry it. */
export type Moneda = "PEN" | "USD";

/** The symbol an amount of that currency is printed with. */
export const symbolOf = (moneda: unknown): Currency => (moneda === "USD" ? "$" : "S/");

/** SQL: the `is_total` of the totals row of a group of one currency (column `moneda`). */
export const totalKindSql = (moneda: string) => `(case when ${moneda} = 'USD' then 2 else 1 end)`;

/** SQL: the label of the totals row of a group of one currency: 'Total S/' or 'Total $'. */
export const totalLabelSql = (moneda: string) =>
  `(case when ${moneda} = 'USD' then 'Total $' else 'Total S/' end)`;

export interface CurrencyRow {
  is_total: number;
  moneda: string | null;
}

export interface CurrencyPart<R> {
  rows: R[] | undefined;
  total: R | null;
}

/** A statement's rows split by currency: each currency's body rows and its totals row (any `is_total`). */
export function splitByCurrency<R extends CurrencyRow>(
  data: readonly R[] | undefined,
): Record<Moneda, CurrencyPart<R>> {
  const of = (m: Moneda): CurrencyPart<R> => ({
    rows: data?.filter((r) => !r.is_total && (r.moneda === "USD" ? "USD" : "PEN") === m),
    total: data?.find((r) => r.is_total && (r.moneda === "USD" ? "USD" : "PEN") === m) ?? null,
  });
  return { PEN: of("PEN"), USD: of("USD") };
}

/** The title of a report's dollar table. */
export const usdTitle = (title: string) => `${title} (contratos en dólares)`;
