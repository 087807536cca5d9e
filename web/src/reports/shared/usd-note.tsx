import { formatMoney } from "../../lib/format.ts";

/** The dollar contracts a soles report leaves out, said under its table: never summed with soles silently. */
export function UsdNote(props: {
  usd: { contracts: number; act: number | null; cmp: number | null } | null | undefined;
  y2: number;
  y1: number;
  testId: string;
}) {
  const { usd, y2, y1 } = props;
  if (!usd?.contracts) return null;
  return (
    <p className="muted" data-testid={props.testId}>
      No incluye {usd.contracts} contrato{usd.contracts === 1 ? "" : "s"} en dólares:{" "}
      {formatMoney(usd.act, "$")} en {y2} y {formatMoney(usd.cmp, "$")} en {y1}.
    </p>
  );
}
