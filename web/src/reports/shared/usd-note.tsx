// The dollar contracts a soles figure leaves out, said apart (docs/metrics.md, Currency: never summed with
// soles): the note under a table, and the words a headline adds.

import { formatMoney } from "../../lib/format.ts";

/** The dollar contracts a soles report leaves out: how many, and their sales of both periods ($). */
export interface UsdFigures {
  contracts: number;
  act: number | null;
  cmp: number | null;
}

/**
 * A soles table's rows, its total row and, apart, the dollar contracts it leaves out: the statement's rows
 * with `is_total` 0, 1 and 2 (sql.ts groupsWithTotalsSql).
 */
export function withUsd<R extends { is_total: number } & UsdFigures>(x: { rows: R[] }) {
  const usd = x.rows.find((row) => row.is_total === 2);
  return {
    rows: x.rows.filter((row) => !row.is_total),
    total: x.rows.find((row) => row.is_total === 1) ?? null,
    usd: usd ? { contracts: usd.contracts, act: usd.act, cmp: usd.cmp } : null,
  };
}

/** The dollar contracts a soles report leaves out, said under its table: never summed with soles silently. */
export function UsdNote(props: {
  usd: UsdFigures | null | undefined;
  year: number;
  comparisonYear: number;
  testId: string;
}) {
  const { usd, year, comparisonYear } = props;
  if (!usd?.contracts) return null;
  return (
    <p className="muted" data-testid={props.testId}>
      No incluye {usd.contracts} contrato{usd.contracts === 1 ? "" : "s"} en dólares:{" "}
      {formatMoney(usd.act, "$")} en {year} y {formatMoney(usd.cmp, "$")} en {comparisonYear}.
    </p>
  );
}

/** A headline's words on the dollar contracts' total (splitByCurrency's USD total), after its soles figures. */
export function dollarsApart<R>(usdTotal: R | null | undefined, amount: (total: R) => number | null): string {
  return usdTotal ? ` · contratos en dólares ${formatMoney(amount(usdTotal), "$")} (aparte)` : "";
}
